import path from 'node:path';

import { inspectRepository } from '../../../tooling/release-check/inspect';
import {
	HOLE,
	linkProblem,
	literalQuotes,
	markdownAnchors,
	markdownHeadings,
	markdownLinks,
	quotedMessages,
	quoteFragments,
	sectionCitations,
	slugify,
	sourceLiterals,
} from '../../../tooling/release-check/markdown';
import type { PackageUnderCheck } from '../../../tooling/release-check/model';
import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import {
	docLinks,
	documentationUrls,
	quotedMessages as quotedMessagesRule,
} from '../../../tooling/release-check/rules/docs';
import { repoFile } from './fixtures';

describe('anchors as GitHub and npm link them', () => {
	it.each([
		['Education Platform Trigger', 'education-platform-trigger'],
		["Expose n8n's webhook URL (`WEBHOOK_URL`)", 'expose-n8ns-webhook-url-webhook_url'],
		['Student → Get Many', 'student--get-many'],
		['Set-up: Automatic registration', 'set-up-automatic-registration'],
		['[Credentials](#credentials) and **scopes**', 'credentials-and-scopes'],
		['Licence', 'licence'],
	])('%s → #%s', (heading, anchor) => {
		expect(slugify(heading)).toBe(anchor);
	});

	it('ignores "# comments" inside fenced code blocks, numbers repeated headings and keeps <a name> anchors', () => {
		const readme =
			'# Title\n\n```bash\n# not a heading\n```\n\n## Base URL\n\n~~~\n## nor this\n~~~\n\n### Base URL\n\n<a name="old-name"></a>\n';
		expect(markdownHeadings(readme)).toEqual(['Title', 'Base URL', 'Base URL']);
		expect([...markdownAnchors(readme)]).toEqual(['title', 'base-url', 'base-url-1', 'old-name']);
	});

	it("finds the sections this package's documentation links point to in its own README", () => {
		const anchors = markdownAnchors(repoFile('README.md'));
		for (const anchor of [
			'credentials',
			'education-platform-node',
			'education-platform-trigger',
			'education-platform-polling-trigger',
			'compatibility',
		]) {
			expect(anchors).toContain(anchor);
		}
		expect(anchors).not.toContain('then-restart-n8n');
		expect(markdownAnchors(repoFile('docs/releasing.md'))).toContain('before-publishing');
	});
});

describe('links', () => {
	const files = ['README.md', 'docs/guide.md', 'examples/a.json', 'sandbox/cli/serve.ts'];
	const texts = { 'README.md': '# Acme\n\n## Set up\n', 'docs/guide.md': '# Guide\n\n## Limits\n' };
	const pages = ['https://www.npmjs.com/package/acme'];

	it('reads link targets from prose, not from code blocks or code spans', () => {
		const markdown =
			'See [a](docs/guide.md#limits) and [b](<examples/a.json> "title").\n`[c](no.md)` ``[`c`](no.md)``\n```\n[d](no.md)\n```\n![e](images/x.png)\n';
		expect(markdownLinks(markdown)).toEqual([
			{ line: 1, text: 'docs/guide.md#limits' },
			{ line: 1, text: 'examples/a.json' },
			{ line: 6, text: 'images/x.png' },
		]);
	});

	it.each([
		['docs/guide.md', '../README.md#set-up', undefined],
		['docs/guide.md', '#limits', undefined],
		['README.md', 'sandbox/', undefined],
		['README.md', 'sandbox/cli', undefined],
		['README.md', 'examples/a.json#L3', undefined],
		['README.md', 'https://example.com/x#anything', undefined],
		['docs/guide.md', 'https://www.npmjs.com/package/acme#set-up', undefined],
		['README.md', 'docs/missing.md', 'docs/missing.md: docs/missing.md does not exist'],
		[
			'docs/guide.md',
			'guide.md#set-up',
			'guide.md#set-up: docs/guide.md has no heading with anchor #set-up',
		],
		['README.md', '#limits', '#limits: README.md has no heading with anchor #limits'],
		[
			'docs/guide.md',
			'https://www.npmjs.com/package/acme#limits',
			'https://www.npmjs.com/package/acme#limits: README.md has no heading with anchor #limits',
		],
	])('%s → %s: %s', (file, target, problem) => {
		expect(linkProblem(file, target, files, texts, pages)).toBe(problem);
	});
});

describe('sections cited in code', () => {
	// Written with \u0022 and a joined colon so that this file cites no section itself.
	it('are README or docs/<name>.md with a "Heading" or a colon and the heading', () => {
		const source = [
			'// matrix (README \u0022Compatibility\u0022), and docs/production.md \u0022Queue mode\u0022',
			`throw new Error('replace them (README${':'} Before publishing).');`,
			`# one of (README${':'} Replays, retries and duplicates.`,
			'// the README says nothing here: lower case',
		].join('\n');
		expect(sectionCitations(source)).toEqual([
			{ line: 1, file: 'README.md', text: 'Compatibility' },
			{ line: 1, file: 'docs/production.md', text: 'Queue mode' },
			{ line: 2, file: 'README.md', text: 'Before publishing' },
			{ line: 3, file: 'README.md', text: 'Replays, retries and duplicates' },
		]);
	});
});

describe('quoted messages', () => {
	it('are *"…"*, **"…"** (across a line break) and the code spans of a "You see" table\'s first column', () => {
		const markdown = [
			'Fails with *"No access…"* or **"Request N returned the same',
			'records as request M"**; "plain quotes", `"code"` and ``*"code"* `x` `` are not quotes.',
			'',
			'| You see | Meaning |',
			'| --- | --- |',
			'| `Sort field "…" is listed twice` | x `not this` |',
			'| A filter (`Status "x" is bad`, ``Requested `colour` no.``) | y |',
			'',
			'| Name | Value |',
			'| --- | --- |',
			'| `not a message` | z |',
			'```',
			'*"not in a code block"*',
			'```',
		].join('\n');
		expect(quotedMessages(markdown)).toEqual([
			{ line: 1, text: 'No access…' },
			{ line: 1, text: 'Request N returned the same records as request M' },
			{ line: 6, text: 'Sort field "…" is listed twice' },
			{ line: 7, text: 'Status "x" is bad' },
			{ line: 7, text: 'Requested `colour` no.' },
		]);
	});

	it('split at placeholders: …, "…", <name>, a lone N or M', () => {
		expect(quoteFragments('Request N returned the same records as request M')).toEqual([
			'Request',
			'returned the same records as request',
		]);
		expect(quoteFragments('Sort field "…" is listed twice')).toEqual([
			'Sort field',
			'is listed twice',
		]);
		expect(quoteFragments('…lacks the <scope> scope…')).toEqual(['lacks the', 'scope']);
	});

	it.each([
		['The API returned page N twice', `The API returned page ${HOLE} twice`, true],
		[
			'Request N returned the same records as request M',
			`Request ${HOLE} returned the same records as request ${HOLE} (IDs ${HOLE} to ${HOLE})`,
			true,
		],
		[
			'Request N returned the same students as request M',
			`Request ${HOLE} returned the same records as request ${HOLE} (IDs ${HOLE} to ${HOLE})`,
			false,
		],
		['The API did not answer with a list of students', 'The API did not answer with a list', false],
		[
			'…lacks the students:read scope…',
			'The token is valid but lacks the students:read scope, which this test reads with.',
			true,
		],
		['Status "enrolled" is not a student status', `${HOLE} "${HOLE}" is not ${HOLE}`, true],
		[
			'(gave up after 6 attempts, 2 min 30 s of waiting)',
			`${HOLE} (gave up ${HOLE}, ${HOLE} of waiting${HOLE})`,
			true,
		],
		['No student with ID 1042', `No ${HOLE} exists on the platform. ${HOLE}`, false],
		['Anything at all is said here', `={{ $self.x || ${HOLE} }}`, false],
		['Second piece … first piece', 'first piece, then second piece', false],
		['…', 'a quote of placeholders only says nothing', false],
	])('"%s" in %j: %s', (quote, literal, found) => {
		expect(literalQuotes(literal, quoteFragments(quote))).toBe(found);
	});

	it("are looked up in the source's string and template literals, concatenations joined", () => {
		const source =
			"import x from 'x';\nthrow new Error(`Request ${n} returned\n the same records`);\nconst m = 'Stop it, ' + `or pick ${flag}.` + suffix;\nconst y = `${a}: ${b}`;";
		expect(sourceLiterals(source)).toEqual([
			`Request ${HOLE} returned the same records`,
			`Stop it, or pick ${HOLE}.${HOLE}`,
			`Stop it, or pick ${HOLE}.`,
			'Stop it,',
			`or pick ${HOLE}.`,
		]);
	});
});

describe("this repository's documentation", () => {
	const repository = inspectRepository(path.resolve(__dirname, '..', '..', '..'));
	const manifest = JSON.parse(repoFile('package.json')) as PackageUnderCheck['manifest'];
	const check = (rule: typeof docLinks, texts: Record<string, string> = {}) =>
		rule.check({
			manifest,
			repository: { ...repository, texts: { ...repository.texts, ...texts } },
		} as PackageUnderCheck);

	it('has no broken relative link or anchor in README.md, CHANGELOG.md and docs/, nor a cited section that is gone', () => {
		expect(check(docLinks).details.join('\n')).toMatch(
			/^\d+ links in \d+ files, \d+ sections cited in code$/,
		);
		const moved = {
			'docs/releasing.md': repository.texts['docs/releasing.md'].replace(
				'## Before publishing',
				'## Publishing',
			),
		};
		expect(check(docLinks, moved).details).toContainEqual(
			expect.stringMatching(
				/^tooling\/release-check\/rules\/release\.ts:\d+: docs\/releasing\.md has no section "Before publishing"$/,
			),
		);
		const broken = {
			'README.md': `${repository.texts['README.md']}\n[gone](docs/trigger.md#guarantees)\n`,
		};
		expect(check(docLinks, broken).details).toEqual([
			expect.stringMatching(
				/^README\.md:\d+: docs\/trigger\.md#guarantees: docs\/trigger\.md has no heading with anchor #guarantees$/,
			),
		]);
	});

	it("links the trigger's notices only to headings of its guide (documentation-urls)", () => {
		const trigger = {
			file: 'dist/nodes/EducationPlatformTrigger/EducationPlatformTrigger.node.js',
			description: JSON.parse(JSON.stringify(new EducationPlatformTrigger().description)),
		};
		const linksIn = (texts: Record<string, string> = {}) =>
			documentationUrls.check({
				manifest,
				nodes: [trigger],
				credentials: [],
				texts: {},
				repository: { ...repository, texts: { ...repository.texts, ...texts } },
			} as unknown as PackageUnderCheck);
		expect(linksIn()).toMatchObject({
			status: 'pass',
			details: ['2 links checked (2 in node texts)'],
		});
		const renamed = {
			'docs/trigger.md': repository.texts['docs/trigger.md'].replace(
				'## Set-up: Manual registration',
				'## Manual registration',
			),
		};
		expect(linksIn(renamed).details).toEqual([
			expect.stringMatching(
				/docs\/trigger\.md has no heading with anchor #set-up-manual-registration$/,
			),
		]);
	});

	it('quotes only messages the source still has (or the platform/n8n allowlist)', () => {
		expect(check(quotedMessagesRule).details.join('\n')).toMatch(
			/^\d+ quotes checked against \d+ literals$/,
		);
		const drifted = repository.texts['docs/action-node.md'].replace(
			'same records as',
			'same students as',
		);
		const result = check(quotedMessagesRule, { 'docs/action-node.md': drifted });
		expect(result.details).toEqual([
			expect.stringMatching(
				/^docs\/action-node\.md:\d+: "Request N returned the same students as request M" is in no string of the source$/,
			),
		]);
	});
});
