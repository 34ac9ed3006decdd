// What the release check knows about a packed package: plain data gathered by inspect.ts from the
// extracted `npm pack` tarball, so every rule is a pure function of it (tested with fixtures).

export type JsonObject = Record<string, unknown>;

export interface NodeUnderCheck {
	/** Path inside the tarball, as the package.json n8n block names it (dist/…/X.node.js). */
	file: string;
	description: JsonObject;
	methods: {
		execute: boolean;
		webhook: boolean;
		poll: boolean;
		trigger: boolean;
		/** Webhook lifecycle groups (usually `default`) and the functions each one implements. */
		webhookMethods: Record<string, string[]>;
		/** Names under methods.credentialTest, for credentials a node tests via `testedBy`. */
		credentialTest: string[];
	};
	/** The codex file next to the node (X.node.json), parsed; undefined when missing or invalid. */
	codex?: JsonObject;
}

export interface CredentialUnderCheck {
	file: string;
	className: string;
	name: string;
	displayName: string;
	extends: string[];
	hasTest: boolean;
	documentationUrl?: string;
	icon?: unknown;
	properties: JsonObject[];
}

export interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

export interface PackageUnderCheck {
	manifest: JsonObject;
	/** Every file path in the tarball, relative to its package/ folder. */
	files: string[];
	/** Text of the tarball's text files (.js, .json, .md, .svg, LICENSE), by path. */
	texts: Record<string, string>;
	nodes: NodeUnderCheck[];
	credentials: CredentialUnderCheck[];
	/** n8n block entries that could not be required or do not export their class. */
	loadErrors: string[];
	scanner: { source: ScanResult; tarball: ScanResult };
	/** From the repository, not the tarball: they are not published but gate the release. */
	changelog?: string;
	publishWorkflow?: string;
	/** Tracked files, and the text of the Markdown, TypeScript and workflows among them (docs rules). */
	repository?: { files: string[]; texts: Record<string, string> };
}

/** `flag` is for values that must change before the first publish but are not defects of the code. */
export type RuleStatus = 'pass' | 'flag' | 'fail';

export interface RuleOutcome {
	status: RuleStatus;
	details: string[];
}

export interface Rule {
	id: string;
	title: string;
	check(pkg: PackageUnderCheck): RuleOutcome;
}

export interface RuleResult extends RuleOutcome {
	id: string;
	title: string;
}

/** Failures when there are problems, otherwise a pass (with optional notes). */
export function outcome(problems: string[], notes: string[] = []): RuleOutcome {
	return problems.length
		? { status: 'fail', details: problems }
		: { status: 'pass', details: notes };
}

export function isTriggerNode(node: NodeUnderCheck): boolean {
	const group = node.description.group;
	const name = String(node.description.name ?? '');
	return (
		(Array.isArray(group) && group.includes('trigger')) ||
		node.methods.webhook ||
		node.methods.poll ||
		node.methods.trigger ||
		name.endsWith('Trigger')
	);
}

export function nodeLabel(node: NodeUnderCheck): string {
	return String(node.description.name ?? node.file);
}
