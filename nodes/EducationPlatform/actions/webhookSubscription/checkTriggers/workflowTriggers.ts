// Pure: no n8n import. Check Triggers' reading of its input: the Education Platform Triggers of
// the active workflows, as n8n's public API lists the workflows (n8n 1.x and 2.x), and what every
// input workflow names, for deciding which orphaned subscriptions are someone's.
import {
	credentialTypeFor,
	TRIGGER_NODE_NAME,
	type AuthenticationMethod,
} from '../../../../shared/constants';
import { ActionableError } from '../../../../shared/errors';
import { isJsonRecord, type JsonRecord } from '../../../../shared/jsonRecord';

/** One Education Platform Trigger of an active workflow. */
export interface ActiveTrigger {
	/** The input item (the workflow) it was found in. */
	item: number;
	workflowId: string;
	workflowName: string;
	/** The published version (n8n 2.x `activeVersionId`), the one to publish again; null on n8n 1.x. */
	versionId: string | null;
	node: string;
	/** n8n's webhook ID of the node, as n8n looks it up (exactly): its webhook URL's middle segment. */
	webhookId: string | null;
	automatic: boolean;
	/** Its Events as saved; null when set by an expression, which only a run of the trigger resolves. */
	selection: string[] | null;
	/** The ID of the platform credential its Authentication names, null when it has none saved. */
	credentialId: string | null;
	/** What the node keeps in its own static data (`node:<name>`); null when the input lists no static data. */
	stored: StoredRegistration | null;
}

/** The subscription a trigger recorded when it registered: its ID and URL, null where none is kept. */
export interface StoredRegistration {
	subscriptionId: string | null;
	url: string | null;
}

const NOT_A_WORKFLOW_ADVICE =
	"Put n8n's own n8n node before this one: Resource Workflow, Operation Get Many, Return All on, with an n8n API key of the instance's owner or an admin (one that sees every workflow).";

const isTriggerNode = (node: JsonRecord) =>
	typeof node.type === 'string' && node.type.endsWith(`.${TRIGGER_NODE_NAME}`);
const isEnabledTrigger = (node: JsonRecord) => isTriggerNode(node) && node.disabled !== true;

const publishedNodes = (workflow: JsonRecord): unknown[] | undefined =>
	isJsonRecord(workflow.activeVersion) && Array.isArray(workflow.activeVersion.nodes)
		? workflow.activeVersion.nodes
		: undefined;
const draftNodes = (workflow: JsonRecord): unknown[] | undefined =>
	Array.isArray(workflow.nodes) ? workflow.nodes : undefined;

/** The nodes n8n runs for a workflow: on n8n 2.x its published version's (activeVersion), else its own. */
function liveNodes(workflow: JsonRecord): unknown[] | undefined {
	return publishedNodes(workflow) ?? draftNodes(workflow);
}

const webhookIdOf = (node: JsonRecord) =>
	typeof node.webhookId === 'string' && node.webhookId !== '' ? node.webhookId : null;

/** The saved Events: a list, none (the parameter's default), or null for an expression (a string). */
function selectionOf(parameters: JsonRecord): string[] | null {
	if (parameters.events === undefined) return [];
	return Array.isArray(parameters.events) ? parameters.events.map(String) : null;
}

/** The ID of the credential the node's Authentication (default Access Token) uses. */
function credentialIdOf(node: JsonRecord, parameters: JsonRecord): string | null {
	const type = credentialTypeFor(
		(parameters.authentication ?? 'accessToken') as AuthenticationMethod,
	);
	const credential = isJsonRecord(node.credentials) ? node.credentials[type] : undefined;
	return isJsonRecord(credential) && typeof credential.id === 'string' ? credential.id : null;
}

const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The node's own entry of the workflow's static data, read nowhere else (another node's entry, or
 * `global`, can say anything). n8n's API lists `staticData: null` for a workflow that has none, so
 * then nothing is recorded; a record without the field is not n8n's full listing: null.
 */
function storedRegistration(workflow: JsonRecord, nodeName: string): StoredRegistration | null {
	if (workflow.staticData === null) return { subscriptionId: null, url: null };
	if (!isJsonRecord(workflow.staticData)) return null;
	const own = workflow.staticData[`node:${nodeName}`];
	const entry = isJsonRecord(own) ? own : {};
	return { subscriptionId: textOrNull(entry.webhookId), url: textOrNull(entry.webhookUrl) };
}

/**
 * The Education Platform Triggers (enabled nodes) of the active workflows among the input items,
 * each a workflow as n8n's API lists it (n8n 1.x and 2.x). An empty item (the n8n node's Always
 * Output Data when no workflow is active) is skipped; any other item that is no workflow is an error.
 */
export function activeTriggers(items: readonly unknown[]): ActiveTrigger[] {
	return items.flatMap((workflow, item) => {
		if (isJsonRecord(workflow) && Object.keys(workflow).length === 0) return [];
		const nodes =
			isJsonRecord(workflow) && typeof workflow.id === 'string' ? liveNodes(workflow) : undefined;
		if (!isJsonRecord(workflow) || nodes === undefined) {
			throw new ActionableError(
				`Input item ${item + 1} is not an n8n workflow with its nodes, so no trigger was checked`,
				NOT_A_WORKFLOW_ADVICE,
			);
		}
		if (workflow.active !== true) return [];
		return nodes
			.filter(isJsonRecord)
			.filter(isEnabledTrigger)
			.map((node) => {
				const parameters = isJsonRecord(node.parameters) ? node.parameters : {};
				return {
					item,
					workflowId: workflow.id as string,
					workflowName: typeof workflow.name === 'string' ? workflow.name : '',
					versionId: typeof workflow.activeVersionId === 'string' ? workflow.activeVersionId : null,
					node: String(node.name),
					webhookId: webhookIdOf(node),
					automatic: (parameters.registration ?? 'automatic') === 'automatic',
					selection: selectionOf(parameters),
					credentialId: credentialIdOf(node, parameters),
					stored: storedRegistration(workflow, String(node.name)),
				};
			});
	});
}

/** What the input says about ownership beyond the live triggers, for deciding which orphans to delete. */
export interface WorkflowMentions {
	/** Each webhook ID any trigger node of any input workflow has (draft or published, disabled included, active or not), with that workflow's ID. */
	owners: Map<string, string>;
	/**
	 * The index of the first active n8n 2.x workflow listed without its published version
	 * (`activeVersionId` but no `activeVersion`): the input is not the n8n node's full workflow
	 * record, so what it leaves out cannot be told. Undefined when there is none.
	 */
	partial: number | undefined;
}

/** What the input workflows mention (run after activeTriggers, which checks the items are workflows). */
export function readWorkflows(items: readonly unknown[]): WorkflowMentions {
	const owners = new Map<string, string>();
	let partial: number | undefined;
	items.forEach((workflow, item) => {
		if (!isJsonRecord(workflow) || typeof workflow.id !== 'string') return;
		const activeVersionId = workflow.activeVersionId;
		if (
			partial === undefined &&
			workflow.active === true &&
			typeof activeVersionId === 'string' &&
			publishedNodes(workflow) === undefined
		)
			partial = item;
		for (const node of [...(draftNodes(workflow) ?? []), ...(publishedNodes(workflow) ?? [])]) {
			const webhookId = isJsonRecord(node) && isTriggerNode(node) ? webhookIdOf(node) : null;
			if (webhookId !== null && !owners.has(webhookId)) owners.set(webhookId, workflow.id);
		}
	});
	return { owners, partial };
}
