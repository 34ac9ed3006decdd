// One account of the OAuth2 credential's default scopes across README.md and docs/: every sentence
// that speaks of a default, of "every"/"all" scopes or of none ticked says all six, and every list of
// scopes such a sentence gives is the whole set. The credential's own hint says the same.
import fs from 'node:fs';
import path from 'node:path';

import { EducationPlatformOAuth2Api } from '../../credentials/EducationPlatformOAuth2Api.credentials';
import { defaultScopes } from '../../nodes/shared/scopes';

const ROOT = path.join(__dirname, '..', '..');
const DOCUMENTS = [
	'README.md',
	...fs
		.readdirSync(path.join(ROOT, 'docs'))
		.filter((file) => file.endsWith('.md'))
		.map((file) => `docs/${file}`),
];
const ALL = defaultScopes();
const SCOPE = /\b(?:students|enrollments|payments|exam_results|webhooks):(?:read|write)\b/g;
/** The Scopes field's options as the dialog names them: "Read Students", "Manage Webhooks". */
const SCOPE_NAME =
	/\b(?:Read (?:Students|Enrollments|Payments|Exam Results|Webhooks)|Manage Webhooks)\b/g;
/** Words that make a sentence a claim about which scopes a credential has without a choice made. */
const DEFAULT_CLAIM =
	/\bdefault\b|\bevery scope\b|\ball (?:the )?scopes\b|\ball six\b|\bnone ticked\b|\bno scopes? ticked\b|\bwith none\b/i;
/** A sentence that gives the scopes of a demo credential or says which to keep also speaks of a default. */
const GIVEN_SET = /\bdemo\b|\bkeep\b/i;
/** How the documents say "the whole set". */
const WHOLE_SET = /\ball six\b|\bevery scope\b|\ball of them\b/i;

/** Sentences of a markdown file, with the line each starts on (a table row is a sentence of its own). */
function sentences(file: string): Array<{ line: number; text: string }> {
	const found: Array<{ line: number; text: string }> = [];
	let current: { line: number; text: string } | undefined;
	fs.readFileSync(path.join(ROOT, file), 'utf8')
		.split('\n')
		.forEach((raw, index) => {
			const line = raw.trim();
			if (line === '' || line.startsWith('|') || line.startsWith('#')) {
				if (current) found.push(current);
				current = undefined;
				if (line.startsWith('|')) found.push({ line: index + 1, text: line });
				return;
			}
			for (const part of line.split(/(?<=[.;!?])\s+(?=[A-Z*(`])/)) {
				current ??= { line: index + 1, text: '' };
				current.text += `${current.text ? ' ' : ''}${part}`;
				if (/[.;!?]$/.test(part)) {
					found.push(current);
					current = undefined;
				}
			}
		});
	if (current) found.push(current);
	return found;
}

/** The scopes a sentence names, by ID or by the dialog's name (one entry per scope). */
function named(text: string): string[] {
	const ids = new Set(text.match(SCOPE) ?? []);
	const names = new Set(text.match(SCOPE_NAME) ?? []);
	return ids.size >= names.size ? [...ids] : [...names];
}

const claims = DOCUMENTS.flatMap((file) =>
	sentences(file)
		.filter(
			({ text }) =>
				/scope|oauth2/i.test(text) &&
				(DEFAULT_CLAIM.test(text) || (GIVEN_SET.test(text) && named(text).length > 1)),
		)
		.map((sentence) => ({ where: `${file}:${sentence.line}`, ...sentence })),
);

describe('the OAuth2 default scopes, in README.md and docs/', () => {
	it('finds the sentences that speak of them (README, credentials, running n8n, sandbox)', () => {
		const files = new Set(claims.map(({ where }) => where.replace(/:\d+$/, '')));
		expect([...files]).toEqual(
			expect.arrayContaining([
				'README.md',
				'docs/credentials.md',
				'docs/running-n8n.md',
				'docs/sandbox.md',
			]),
		);
	});

	it('each says all six, and a list it gives is the whole set', () => {
		const stories = claims.flatMap(({ where, text }) => {
			const listed = named(text);
			if (listed.length > 1 && listed.length < ALL.length)
				return [`${where}: lists ${listed.join(' ')}: ${text}`];
			if (!WHOLE_SET.test(text) && listed.length < ALL.length) return [`${where}: ${text}`];
			return [];
		});
		expect(stories).toEqual([]);
	});

	it("the credential's Scopes hint says what none ticked means", () => {
		const field = new EducationPlatformOAuth2Api().properties.find(
			(property) => property.name === 'platformScopes',
		);
		expect(field?.default).toEqual(ALL);
		expect(field?.description).toMatch(/None ticked means all six; tick some to allow only those/);
		expect(ALL).toHaveLength(6);
	});
});
