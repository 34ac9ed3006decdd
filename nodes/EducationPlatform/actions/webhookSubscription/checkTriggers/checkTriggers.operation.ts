// Check Triggers: the platform side of the trigger watchdog (examples/trigger-watchdog.json). It
// judges each active workflow's Education Platform Trigger against the subscriptions that deliver
// to this n8n, repairs in place as its options say, and asks for a re-publish or deletes only on
// proof (docs/action-node.md, "Webhook Subscription → Check Triggers").
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { beforeVersion, onlyIn, sinceVersion } from '../../../../shared/descriptions/nodeVersion';
import { isJsonRecord } from '../../../../shared/jsonRecord';
import { productionEndpoint, thisN8nWebhookAddress } from '../../../../shared/thisN8n/address';
import { credentialTypeOf } from '../../../../shared/transport/credential';
import { RESOURCES } from '../../../../shared/resources/registry';
import { eventVocabulary } from '../../../../shared/resources/webhookEvents';
import {
	deleteSubscription,
	listSubscriptions,
} from '../../../../shared/resources/webhookSubscription/api';
import { webhookRequest } from '../../../../shared/resources/webhookSubscription/picker';
import { keptByInput, orphanItems, planOrphans, type InputChecks } from './orphans';
import { thisN8nSubscriptions } from '../../../../shared/thisN8n/subscriptions';
import { summaryItem, triggerItems, type TriggerOutcome } from './triggerCheckItems';
import { judgeTriggers, settleLookup, type TriggerVerdict } from './triggerVerdicts';
import { actionFor } from './checkActions';
import { activeTriggers, readWorkflows } from './workflowTriggers';
import { attempt, readProofs, askUrlNow, lookUp, repairInPlace } from './platformChecks';

const RE_ENABLE = 'reEnableDisabled';
const REPAIR = 'repairInPlace';
const DELETE_ORPHANS = 'deleteOrphaned';

const reEnableProperty: INodeProperties = {
	displayName: 'Re-Enable Disabled Subscriptions',
	name: RE_ENABLE,
	type: 'boolean',
	default: false,
	description:
		"Whether to enable again an active trigger's subscription that was disabled in the platform's dashboard. Off: it is only reported (to pause a workflow's events, unpublish the workflow instead).",
};

const repairProperty: INodeProperties = {
	displayName: 'Fix Events and Duplicates',
	name: REPAIR,
	type: 'boolean',
	default: false,
	description:
		"Whether to set an active trigger's subscription back to the events the trigger selects, and delete the other subscriptions to its URL, on the platform. Off: they are only reported.",
};

export const description = (): INodeProperties[] => [
	{
		displayName:
			"Input: the workflows from n8n's own n8n node (Workflow → Get Many, with an owner's or admin's n8n API key). Route the items with republish = true to that node's Unpublish and Publish: see the Trigger watchdog example.",
		name: 'checkTriggersNotice',
		type: 'notice',
		default: '',
	},
	onlyIn({ ...reEnableProperty, default: true }, beforeVersion(2)),
	// Version 2: off by default, as an operation called a check changes nothing unless asked to.
	onlyIn(reEnableProperty, sinceVersion(2)),
	onlyIn({ ...repairProperty, default: true }, beforeVersion(2)),
	onlyIn(repairProperty, sinceVersion(2)),
	{
		displayName: 'Delete Orphaned Subscriptions',
		name: DELETE_ORPHANS,
		type: 'boolean',
		default: false,
		description:
			"Whether to delete a subscription to this n8n's trigger URLs that no listed workflow has, once the platform's delivery log shows n8n refusing its events for 5 minutes in the past hour while it answered another trigger, and n8n still refuses its URL. Kept when the input does not list this workflow itself, and all kept when more than 5 would go.",
	},
];

/**
 * The router runs it once for the whole input, not once per item: it compares every input
 * workflow with every subscription, and pairs each output item with the input items it came from.
 */
export const wholeInput = true;

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const inputs = this.getInputData();
	const workflows = inputs.map((input) => input.json);
	const triggers = activeTriggers(workflows);
	const { owners, partial } = readWorkflows(workflows);
	// Only the active triggers' own static data: another node's entry, or `global`, can say anything.
	const storedUrls = triggers.flatMap((trigger) => trigger.stored?.url ?? []);
	const address = thisN8nWebhookAddress.call(this, 0);
	const request = webhookRequest(this, { itemIndex: 0 });
	// Refuses to answer when this n8n's address cannot be told (then `address` is defined below).
	const ours = thisN8nSubscriptions(
		address,
		await listSubscriptions(request, undefined, { complete: true }),
	);
	const credentialId =
		this.getNode().credentials?.[credentialTypeOf(this).credentialType]?.id ?? null;
	const judged = judgeTriggers(triggers, ours, address as string, eventVocabulary(RESOURCES), {
		credentialId,
		owners,
		endpoint: productionEndpoint(address, storedUrls),
		now: Date.now(),
	});
	const { orphans } = judged;
	const verdicts: TriggerVerdict[] = [];
	for (const verdict of judged.verdicts)
		verdicts.push(
			verdict.lookup === undefined
				? verdict
				: settleLookup(verdict, await lookUp(request, verdict.lookup)),
		);

	const version1 = this.getNode().typeVersion < 2;
	const options = {
		reEnable: this.getNodeParameter(RE_ENABLE, 0, version1) as boolean,
		repair: this.getNodeParameter(REPAIR, 0, version1) as boolean,
	};
	const triggerOutcomes: TriggerOutcome[] = [];
	for (const verdict of verdicts)
		triggerOutcomes.push({
			verdict,
			...(await repairInPlace(request, verdict, actionFor(verdict.state, options))),
		});
	const watchdogId = this.getWorkflow().id;
	const input: InputChecks = {
		deleteOrphans: this.getNodeParameter(DELETE_ORPHANS, 0, false) as boolean,
		partial,
		watchdogId,
		watchdogListed:
			watchdogId !== undefined &&
			workflows.some((workflow) => isJsonRecord(workflow) && workflow.id === watchdogId),
	};
	const served = verdicts.flatMap((verdict) => verdict.subscriptions);
	const proofs = await readProofs(
		request,
		orphans.filter((orphan) => keptByInput(orphan, input) === undefined),
		served,
		Date.now(),
	);
	// Last, just before deleting: n8n refuses the URL now, not only in the log.
	for (const [id, reading] of proofs) {
		const url = orphans.find((orphan) => orphan.subscription.id === id)?.subscription.url;
		if (reading.proof?.served !== undefined && typeof url === 'string')
			proofs.set(id, { ...reading, now: await askUrlNow(this, url) });
	}
	const orphanOutcomes = [];
	for (const outcome of planOrphans(orphans, input, proofs)) {
		const done =
			outcome.action === 'deleted'
				? await attempt(
						'deleted',
						async () => await deleteSubscription(request, outcome.orphan.subscription.id),
					)
				: {};
		orphanOutcomes.push({ ...outcome, ...done });
	}

	const triggerJson = triggerItems(triggerOutcomes);
	const orphanJson = orphanItems(orphanOutcomes, input);
	const json = (record: object) => record as IDataObject;
	const everyInput = inputs.map((_, item) => ({ item }));
	const output: INodeExecutionData[] = [
		...triggerJson.map((record, index) => ({
			json: json(record),
			pairedItem: { item: verdicts[index].trigger.item },
		})),
		...orphanJson.map((record) => ({ json: json(record), pairedItem: everyInput })),
		{ json: json(summaryItem(triggerJson, orphanJson)), pairedItem: everyInput },
	];
	return output;
}

/** Check Triggers: one item per active trigger and per orphaned subscription, then a summary. */
export function option(): INodePropertyOptions {
	return {
		name: 'Check Triggers',
		value: 'checkTriggers',
		description:
			"Check that every active workflow's Education Platform Trigger has its subscription, enabled and for its events, and find subscriptions to this n8n that no trigger owns (input: n8n's workflows)",
		action: 'Check triggers receive their events',
		// Not an AI agent's tool: it deletes and re-enables subscriptions on the whole account's
		// behalf. `hide` rather than `show: {'@tool': [false]}`, as ../../helpers/getManyParameters.ts's Limit says why.
		displayOptions: { hide: { '@tool': [true] } },
	};
}
