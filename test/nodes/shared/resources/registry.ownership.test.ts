// Everything about a resource is in its folders: the catalog's (nodes/shared/resources/<resource>/)
// and, for a resource with operations of its own, the action node's
// (nodes/EducationPlatform/actions/<resource>/). Outside them, no code under nodes/ or credentials/
// names the resource. Read from the TypeScript syntax tree, so comments do not count; identifiers
// and string and template text do.
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import type { ResourceDescriptor } from '../../../../nodes/shared/resources/descriptor';
import { RESOURCES } from '../../../../nodes/shared/resources/registry';

const ROOT = path.resolve(__dirname, '../../../..');
const RESOURCES_DIR = 'nodes/shared/resources';
const REGISTRY = `${RESOURCES_DIR}/registry.ts`;
const ACTIONS_DIR = 'nodes/EducationPlatform/actions';
/** The action node's table of every resource's operations: the one line a resource adds there. */
const OPERATIONS = `${ACTIONS_DIR}/operations.ts`;
/** The resources' scopes, their one home: the credentials build their texts from it because they load no resource module. */
const SCOPES = 'nodes/shared/scopes.ts';
/** Text that names a resource's word for something else, with why. */
const ALLOWED: Array<{ fragment: string; why: string }> = [
	{
		fragment: 'as the queue-mode payment example does',
		why: 'names the example workflow examples/queue-mode/payment-reaction-exactly-once.json',
	},
	{
		fragment: 'enrollment date',
		why: "a student's own field (the date the student enrolled at the school), not the Enrollment resource",
	},
	{
		fragment: 'e.g. payment.succeeded, enrollment.created',
		why: "the Event Types filter's placeholder: examples of what a user types, no code path",
	},
	{
		fragment: '../../shared/resources/webhookSubscription/api',
		why: "the webhook trigger's lifecycle registers its own subscription through the platform's webhook API, which Webhook Subscription's folder holds",
	},
];

/** The resource every record resource belongs to: their folders may name it, importing it from '../student'. */
const OWNER = 'student';

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = `${dir}/${entry.name}`;
		if (entry.isDirectory()) return sourceFiles(relative);
		return entry.name.endsWith('.ts') ? [relative] : [];
	});
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const words = (identifier: string) =>
	identifier
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.split(/[^A-Za-z0-9]+/)
		.filter(Boolean)
		.map((word) => word.toLowerCase())
		.join(' ');

/** How a resource can be named: in text (value, plural, display name, path, scope, event prefix) and as an identifier's words. */
function namesOf(resource: ResourceDescriptor): { text: RegExp; identifier: RegExp } {
	const events = [
		...Object.keys(resource.webhook?.events ?? {}),
		...Object.values(resource.poll ?? {}).map((event) => event.event),
	];
	const prefixes = [...new Set(events.map((event) => event.split('.')[0]))];
	const phrases = [resource.value, resource.plural, resource.displayName].map(escape);
	const text = new RegExp(
		[
			...phrases.map((phrase) => `(?<![A-Za-z0-9_])${phrase}(?![A-Za-z0-9_])`),
			...(resource.path ? [`(?<![\\w-])${escape(resource.path)}(?![\\w-])`] : []),
			// A webhook scope is shared by the webhook resources (and the trigger): it names none of them.
			...(resource.webhookScope ? [] : [escape(resource.scope)]),
			...prefixes.map((prefix) => `(?<![\\w.])${escape(prefix)}\\.`),
		].join('|'),
		'i',
	);
	const identifierWords = [resource.value, resource.plural].map(words).map(escape);
	const identifier = new RegExp(`(^| )(${identifierWords.join('|')})( |$)`);
	return { text, identifier };
}

interface Mention {
	file: string;
	line: number;
	text: string;
	/** A `description:` property of a .node.ts file: the node's one user-facing sentence may name resources. */
	nodeDescription: boolean;
}

function mentions(file: string, names: { text: RegExp; identifier: RegExp }): Mention[] {
	const source = ts.createSourceFile(
		file,
		fs.readFileSync(path.join(ROOT, file), 'utf8'),
		ts.ScriptTarget.Latest,
		true,
	);
	const found: Mention[] = [];
	const visit = (node: ts.Node): void => {
		// registry.ts imports every folder and lists them: that is where a resource is added.
		if (
			file === REGISTRY &&
			(ts.isImportDeclaration(node) ||
				(ts.isVariableDeclaration(node) && node.name.getText() === 'RESOURCES'))
		)
			return;
		if (
			file === OPERATIONS &&
			(ts.isImportDeclaration(node) ||
				(ts.isVariableDeclaration(node) && node.name.getText() === 'OPERATIONS'))
		)
			return;
		let text: string | undefined;
		if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
			if (names.identifier.test(words(node.text))) text = node.text;
		} else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
			if (names.text.test(node.text)) text = node.text;
		}
		if (text !== undefined) {
			const parent = node.parent;
			const nodeDescription =
				file.endsWith('.node.ts') &&
				ts.isPropertyAssignment(parent) &&
				parent.initializer === node &&
				parent.name.getText() === 'description';
			found.push({
				file,
				line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
				text,
				nodeDescription,
			});
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

const FILES = [...sourceFiles('nodes'), ...sourceFiles('credentials')];
const foldersOf = (resource: ResourceDescriptor) => [
	`${RESOURCES_DIR}/${resource.value}/`,
	`${ACTIONS_DIR}/${resource.value}/`,
];
const inFolders = (resource: ResourceDescriptor, file: string) =>
	foldersOf(resource).some((folder) => file.startsWith(folder));
const inFolder = (file: string) => RESOURCES.find((resource) => inFolders(resource, file));

/** The other resources' folders a file imports (`../student`, `../../../shared/resources/webhookSubscription/picker`). */
function importedResources(file: string): ResourceDescriptor[] {
	const source = ts.createSourceFile(
		file,
		fs.readFileSync(path.join(ROOT, file), 'utf8'),
		ts.ScriptTarget.Latest,
	);
	const specifiers = source.statements
		.filter(ts.isImportDeclaration)
		.map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text);
	const targets = specifiers
		.filter((specifier) => specifier.startsWith('.'))
		.map((specifier) => `${path.posix.join(path.posix.dirname(file), specifier)}/`);
	return RESOURCES.filter(
		(other) => other !== inFolder(file) && targets.some((target) => inFolders(other, target)),
	);
}

/** The resource a resource's folders belong to: the one other resource they import, if any. */
const ownerOf = (resource: ResourceDescriptor) => [
	...new Set(FILES.filter((file) => inFolders(resource, file)).flatMap(importedResources)),
];

describe.each(RESOURCES.map((resource) => [resource.value, resource] as const))(
	'%s',
	(_value, resource) => {
		it("is named only in its folders (and in registry.ts's and operations.ts's imports and lists, and by its scope in scopes.ts)", () => {
			const names = namesOf(resource);
			const outside = FILES.filter((file) => !inFolders(resource, file) && file !== SCOPES)
				// The resources that belong to it name it (e.g. their Student filter).
				.filter(
					(file) =>
						!(inFolder(file) && ownerOf(inFolder(file) as ResourceDescriptor).includes(resource)),
				)
				.flatMap((file) => mentions(file, names));
			const strays = outside.filter(
				(mention) =>
					!mention.nodeDescription &&
					!ALLOWED.some(({ fragment }) => mention.text.includes(fragment)),
			);
			expect(strays.map(({ file, line, text }) => `${file}:${line} ${text}`)).toEqual([]);
			// At most the one description sentence of each node.
			const perNode = outside
				.filter((mention) => mention.nodeDescription)
				.map((mention) => mention.file);
			expect(perNode).toEqual([...new Set(perNode)]);
		});
	},
);

it("a resource's folders reach at most one other resource, the one it belongs to, and their import lines show it", () => {
	const owners = Object.fromEntries(
		RESOURCES.map((resource) => [resource.value, ownerOf(resource).map((owner) => owner.value)]),
	);
	expect(owners).toEqual({
		[OWNER]: [],
		enrollment: [OWNER],
		payment: [OWNER],
		examResult: [OWNER],
		webhookSubscription: [],
		// Deliveries live in a subscription's log: its picker and paths come from ../webhookSubscription.
		webhookDelivery: ['webhookSubscription'],
	});
});
