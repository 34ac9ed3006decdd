/**
 * n8n's UX guidelines for community nodes (n8n docs: Creating nodes → Reference → UX guidelines,
 * and Plan → Node UI design), their mechanical rules checked on the BUILT descriptions of every
 * node (each version, and the AI-tool variant) and credential, at every depth. A failure lists
 * every text that breaks a rule with its path. A text that may break a rule is written once in
 * EXCEPTIONS below, with its reason; nowhere else.
 */
import type {
	ICredentialType,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
	IVersionedNodeType,
} from 'n8n-workflow';
import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformPollingTrigger } from '../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { EducationPlatformTrigger } from '../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { defaultCredentialTypes } from '../harness';
import { EducationPlatformTool } from '../nodes/EducationPlatform/toolVariant';
import { credentialTexts, eachParameter, nodeTexts, type TextKind, type UxText } from './uxTexts';

interface Violation {
	rule: string;
	path: string;
	text: string;
}

/**
 * The only places allowed to break a rule, each with its reason. `path` matches a violation's
 * whole path, in every node version and the AI-tool variant; `rule` is the start of its rule. An
 * entry that no longer excuses anything fails the test too.
 */
const EXCEPTIONS: Array<{ rule: string; path: RegExp; reason: string }> = [
	{
		rule: 'options in alphabetical order',
		path: /^EducationPlatform(PollingTrigger)?\b[^:]*:resource$/,
		reason:
			'Resource follows a student through school (Student, Enrollment, Payment, Exam Result), then the webhook records that ' +
			'administer the trigger; Student, the first, is the default, and the README and docs list them in this order',
	},
	{
		rule: 'options in alphabetical order',
		path: /:filters\([^)]*\)\.gradeLevel$/,
		reason:
			'grade levels in school order, Kindergarten to Grade 12: alphabetical would put Grade 10 before Grade 2',
	},
	{
		rule: 'options in alphabetical order',
		path: /:filters\([^)]*\)\.(refunded|passed)$/,
		reason: 'Yes before No, as every yes/no question is read; Yes is the default',
	},
	{
		rule: 'options in alphabetical order',
		path: /:output\([^)]*\)$/,
		reason:
			"the AI tool's Output in the order n8n's guideline gives it: Simplified (the default), Raw, Selected Fields",
	},
];

const TITLE_CASE: TextKind[] = [
	'nodeName',
	'displayName',
	'optionName',
	'groupName',
	'modeName',
	'buttonLabel',
];
const SENTENCE_CASE: TextKind[] = [
	'nodeDescription',
	'notice',
	'description',
	'hint',
	'optionDescription',
	'action',
];
/** Short words Title Case keeps lower-case unless first or last ("Backfill From"). */
const SMALL_WORDS = new Set([
	'a',
	'an',
	'the',
	'and',
	'or',
	'of',
	'to',
	'in',
	'on',
	'by',
	'for',
	'with',
	'from',
	'per',
]);
/** Words written as their owners write them, whatever the case rule: units, brands, abbreviations. */
const FIXED_WORDS = new Set(['e.g.', 'i.e.', 'n8n', 'n8n’s', "n8n's", 'ms', 's']);

/** One term per concept: the spelling on the left is never used. */
const SPELLINGS: Array<[RegExp, string]> = [
	[/enrolment/i, 'enrollment'],
	[/exam-result/i, 'exam result'],
	[/this instance/i, 'this n8n'],
];

/** Technical words a school's operations or finance person does not use, and the plain word to use. */
const JARGON: Array<[RegExp, string]> = [
	[/\benvelope\b/i, 'say what it holds (the event, its record)'],
	[/\breplay(s|ed|ing)?\b/i, 'resend, repeated delivery'],
	[/\bminor units?\b/i, 'cents'],
	[/\bworkers?\b/i, 'n8n'],
	[/\brate[- ]limit/i, 'request limit, too many requests'],
	[/\bpayloads?\b/i, 'event, data'],
	[/\bendpoints?\b/i, 'address, URL'],
	[/\bHTTP\b/, 'say what the platform answered'],
	[/\bstatus code\b/i, 'say what the platform answered'],
	[/\bJSON\b/, 'data, record, fields'],
	[/\bcommits?\b/i, 'save'],
	[/\bfilter\[/i, 'the filter name'],
	[/\bquery (string|parameter)s?\b/i, 'filter'],
];

function firstLetter(word: string): string | undefined {
	return /\p{L}/u.exec(word)?.[0];
}

/** Words Title Case leaves alone: numbers, and identifiers the platform shows as they are (students:read). */
function caseless(word: string): boolean {
	return word === '' || FIXED_WORDS.has(word) || /^\d/.test(word) || /[_:/]/.test(word);
}

function titleCaseWords(text: string): string[] {
	const words = text.split(/\s+/).map((word) => word.replace(/^[("'‘“]+|[)"'’”,:;.!?…]+$/g, ''));
	return words.filter((word, index) => {
		if (caseless(word)) return false;
		const letter = firstLetter(word);
		if (!letter || word[0] !== letter) return false;
		const inner = index > 0 && index < words.length - 1;
		if (inner && SMALL_WORDS.has(word.toLowerCase())) return word !== word.toLowerCase();
		return letter !== letter.toUpperCase();
	});
}

function sentenceCaseBreak(text: string): string | undefined {
	const start = text.replace(/^[^\p{L}\d]+/u, '');
	if (start.startsWith('e.g.') || /^n8n\b/.test(start)) return undefined;
	const letter = firstLetter(start);
	if (letter && start[0] === letter && letter !== letter.toUpperCase()) return 'starts lower-case';
	const words = text.split(/\s+/).filter((word) => /^\p{L}{4,}/u.test(word));
	if (words.length >= 4 && words.every((word) => word[0] === word[0].toUpperCase()))
		return 'reads as Title Case';
	return undefined;
}

/** <a href="…" target="_blank"> links are the only markup, and only where n8n renders them. */
const LINK = /<a href="[^"]+" target="_blank">[^<]*<\/a>/g;
const LINK_KINDS: TextKind[] = ['notice', 'description', 'hint'];

function textViolations({ path, kind, text, type }: UxText): Violation[] {
	const found: Violation[] = [];
	const flag = (rule: string) => found.push({ rule, path, text });
	if (TITLE_CASE.includes(kind)) {
		const wrong = titleCaseWords(text);
		if (wrong.length) flag(`Title Case (${wrong.join(', ')})`);
	}
	if (SENTENCE_CASE.includes(kind)) {
		const wrong = sentenceCaseBreak(text);
		if (wrong) flag(`sentence case: ${wrong}`);
	}
	if (kind === 'action' && /\b(a|an|the)\b/i.test(text)) flag('action without articles');
	if ((kind === 'placeholder' || kind === 'modePlaceholder') && !text.startsWith('e.g. '))
		flag('placeholder starts with "e.g."');
	if (kind === 'searchPlaceholder' && !/^(Search|Select)\b/.test(text))
		flag('a list\'s search box says "Search…"');
	if (kind === 'buttonLabel' && !/^Add\b/.test(text)) flag('a collection\'s button says "Add …"');
	if (kind === 'description' && type === 'boolean' && !text.startsWith('Whether '))
		flag('boolean description starts with "Whether"');
	const markup = LINK_KINDS.includes(kind) ? text.replace(LINK, '') : text;
	if (/<\/?[a-z][^>]*>|`/i.test(markup))
		flag('no markup (links only: <a href="…" target="_blank">)');
	for (const [pattern, word] of SPELLINGS) if (pattern.test(text)) flag(`one spelling: "${word}"`);
	for (const [pattern, plain] of JARGON)
		if (pattern.test(text)) flag(`no jargon ${String(pattern)}: ${plain}`);
	return found;
}

function showsFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	const matches = (name: string, value: string) =>
		!show[name] || (show[name] as unknown[]).includes(value);
	return matches('resource', resource) && matches('operation', operation);
}

/** Sort is its own collection below Options, on every operation that has both. */
function sortBelowOptions(label: string, properties: INodeProperties[]): Violation[] {
	const found: Violation[] = [];
	properties.forEach((sort, sortIndex) => {
		if (sort.name !== 'sort') return;
		const show = sort.displayOptions?.show ?? {};
		for (const resource of (show.resource as string[] | undefined) ?? ['']) {
			for (const operation of (show.operation as string[] | undefined) ?? ['']) {
				const options = properties.findIndex(
					(property) => property.name === 'options' && showsFor(property, resource, operation),
				);
				if (options > sortIndex)
					found.push({
						rule: 'Sort below Options',
						path: `${label}:sort(${resource}/${operation})`,
						text: 'Sort',
					});
			}
		}
	});
	return found;
}

/** A resource locator with a list shows From List first. */
function fromListFirst(label: string, properties: INodeProperties[]): Violation[] {
	return eachParameter(properties, `${label}:`)
		.filter(
			([, property]) =>
				property.modes?.some((mode) => mode.type === 'list') && property.modes[0].type !== 'list',
		)
		.map(([path]) => ({ rule: 'From List first', path, text: 'modes' }));
}

/** A dropdown lists its options alphabetically (Node UI design, Lists). */
function alphabetical(label: string, properties: INodeProperties[]): Violation[] {
	return eachParameter(properties, `${label}:`).flatMap(([path, property]) => {
		if (property.type !== 'options' && property.type !== 'multiOptions') return [];
		const names = (property.options ?? []).map((option) =>
			String((option as INodePropertyOptions).name),
		);
		const sorted = [...names].sort((a, b) => a.localeCompare(b));
		return names.join('|') === sorted.join('|')
			? []
			: [{ rule: 'options in alphabetical order', path, text: names.join(', ') }];
	});
}

/** Each version's description of a node (a versioned node has one per version). */
function versions(
	node: INodeType | IVersionedNodeType,
	label: string,
): Array<[string, INodeTypeDescription]> {
	if ('nodeVersions' in node) {
		return Object.entries(node.nodeVersions).map(([version, type]) => [
			`${label}@${version}`,
			{ ...node.description, ...type.description },
		]);
	}
	return [[label, node.description]];
}

const NODES: Array<[string, INodeType | IVersionedNodeType]> = [
	['EducationPlatform', new EducationPlatform()],
	['EducationPlatform (AI tool)', new EducationPlatformTool()],
	['EducationPlatformTrigger', new EducationPlatformTrigger()],
	['EducationPlatformPollingTrigger', new EducationPlatformPollingTrigger()],
];
const CREDENTIALS: ICredentialType[] = defaultCredentialTypes();

function allViolations(): Violation[] {
	const found: Violation[] = [];
	for (const [label, node] of NODES) {
		for (const [versionLabel, description] of versions(node, label)) {
			found.push(...nodeTexts(description, versionLabel).flatMap(textViolations));
			const { properties } = description;
			found.push(
				...sortBelowOptions(versionLabel, properties),
				...fromListFirst(versionLabel, properties),
				...alphabetical(versionLabel, properties),
			);
		}
	}
	for (const credential of CREDENTIALS)
		found.push(...credentialTexts(credential).flatMap(textViolations));
	return found;
}

function report(violations: Violation[]): string {
	return violations
		.map(({ rule, path, text }) => `${path}: ${rule}\n    ${JSON.stringify(text)}`)
		.join('\n');
}

describe("n8n's UX guidelines on every built text of the nodes and credentials", () => {
	const violations = allViolations();
	const excepted = (violation: Violation) =>
		EXCEPTIONS.some(
			({ rule, path }) => path.test(violation.path) && violation.rule.startsWith(rule),
		);

	it('every text follows the mechanical rules (or is an exception written down with its reason)', () => {
		// Deduplicated: the AI-tool variant and the versions repeat most texts.
		const open = [
			...new Map(
				violations
					.filter((violation) => !excepted(violation))
					.map((v) => [`${v.path}|${v.rule}`, v]),
			).values(),
		];
		expect(report(open)).toBe('');
	});

	it('every exception still excuses something', () => {
		const stale = EXCEPTIONS.filter(
			({ rule, path }) =>
				!violations.some(
					(violation) => path.test(violation.path) && violation.rule.startsWith(rule),
				),
		);
		expect(stale).toEqual([]);
	});
});
