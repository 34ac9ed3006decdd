// What the published JavaScript and the user-facing text may contain.
import { outcome, type Rule } from '../model';

/** Forbidden in node code: n8n runs it in the user's instance, where env and disk are the operator's. */
const FORBIDDEN_ACCESS: Array<{ pattern: RegExp; what: string }> = [
	{ pattern: /\bprocess\s*(?:\.\s*env\b|\[\s*['"`]env['"`]\s*\])/, what: 'reads process.env' },
	{
		pattern: /\bglobalThis\s*(?:\.\s*process\b|\[\s*['"`]process['"`]\s*\])/,
		what: 'reaches process through globalThis',
	},
	{
		pattern:
			/(?:\brequire\s*\(\s*|\bimport\s*\(\s*|\bfrom\s+)['"`](?:node:)?(?:fs|fs\/promises|child_process|worker_threads)['"`]/,
		what: 'imports a file-system or process module',
	},
];

export function forbiddenAccess(file: string, source: string): string[] {
	const found: string[] = [];
	source.split('\n').forEach((line, index) => {
		for (const { pattern, what } of FORBIDDEN_ACCESS) {
			if (pattern.test(line))
				found.push(`${file}:${index + 1} ${what}: ${line.trim().slice(0, 120)}`);
		}
	});
	return found;
}

export const noEnvironmentOrFileAccess: Rule = {
	id: 'no-env-or-fs',
	title: 'No environment or file-system access in node/credential code (dist/**/*.js)',
	check({ texts }) {
		const scripts = Object.keys(texts).filter(
			(file) => file.startsWith('dist/') && file.endsWith('.js'),
		);
		return outcome(
			scripts.flatMap((file) => forbiddenAccess(file, texts[file])),
			[`${scripts.length} JavaScript files read`],
		);
	},
};

/** A letter from a script other than Latin: text that is certainly not English. */
const NON_LATIN_LETTER = /(?=\p{L})\P{Script=Latin}/u;
const USER_FACING_KEYS = new Set([
	'displayName',
	'description',
	'placeholder',
	'hint',
	'action',
	'subtitle',
	'notice',
]);

/** Every user-facing string of a node or credential description, with where it sits. */
export function userFacingStrings(value: unknown, at = ''): Array<{ at: string; text: string }> {
	if (Array.isArray(value))
		return value.flatMap((item, index) => userFacingStrings(item, `${at}[${index}]`));
	if (typeof value !== 'object' || value === null) return [];
	const record = value as Record<string, unknown>;
	return Object.entries(record).flatMap(([key, child]) => {
		const path = at ? `${at}.${key}` : key;
		const isOptionName = key === 'name' && 'value' in record;
		if (typeof child === 'string')
			return USER_FACING_KEYS.has(key) || isOptionName ? [{ at: path, text: child }] : [];
		return userFacingStrings(child, path);
	});
}

export const englishText: Rule = {
	id: 'english',
	title: 'English: README present; node and credential text has no non-Latin script',
	check({ texts, nodes, credentials }) {
		const problems: string[] = [];
		const readme = texts['README.md'];
		if (!readme || readme.trim().length < 200)
			problems.push('the tarball has no README.md with content');
		const described = [
			...nodes.map((node) => ({ label: node.file, value: node.description })),
			...credentials.map((credential) => ({ label: credential.file, value: credential })),
		];
		for (const { label, value } of described) {
			for (const { at, text } of userFacingStrings(value)) {
				if (NON_LATIN_LETTER.test(text)) problems.push(`${label} ${at}: "${text.slice(0, 80)}"`);
			}
		}
		for (const [index, line] of (readme ?? '').split('\n').entries()) {
			if (NON_LATIN_LETTER.test(line))
				problems.push(`README.md:${index + 1}: "${line.trim().slice(0, 80)}"`);
		}
		return outcome(problems);
	},
};
