// Check Triggers: the platform side of the trigger watchdog (examples/trigger-watchdog.json). n8n's
// own n8n node lists the workflows; this operation judges each active workflow's Education
// Platform Trigger against the subscriptions that deliver to this n8n (triggerCheck.ts), re-enables
// disabled ones and deletes orphans as its options say, and marks the workflows that only a
// re-publish repairs: a new subscription needs a secret that only the trigger can store.
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { thisN8nWebhookAddress } from '../../thisN8n/resumeUrl';
import type { OperationExecuteAll, WholeInputOperation } from '../descriptor';
import { eventVocabulary } from '../webhookEvents';
import { deleteSubscription, enableSubscription, listSubscriptions } from './api';
import { webhookRequest } from './picker';
import { thisN8nSubscriptions } from './thisN8n';
import { actionFor, activeTriggers, judgeTriggers, orphanItems, summaryItem, triggerItems } from './triggerCheck';

const RE_ENABLE = 'reEnableDisabled';
const DELETE_ORPHANS = 'deleteOrphaned';

const properties = (): INodeProperties[] => [
	{
		displayName:
			"Input: the workflows from n8n's own n8n node (Workflow → Get Many, with an owner's or admin's n8n API key). Route the items with republish = true to that node's Unpublish and Publish: see the Trigger watchdog example.",
		name: 'checkTriggersNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Re-Enable Disabled Subscriptions',
		name: RE_ENABLE,
		type: 'boolean',
		default: true,
		description: 'Whether to enable again an active trigger\'s subscription that was disabled in the platform\'s dashboard. Off: it is only reported (to pause a workflow\'s events, unpublish the workflow instead).',
	},
	{
		displayName: 'Delete Orphaned Subscriptions',
		name: DELETE_ORPHANS,
		type: 'boolean',
		default: false,
		description: 'Whether to delete the subscriptions that deliver to this n8n\'s trigger URLs of no active workflow. Only with every workflow as input: a workflow left out makes its subscription look orphaned.',
	},
];

const executeAll: OperationExecuteAll = async function (this, _resource, resources) {
	const inputs = this.getInputData();
	const triggers = activeTriggers(inputs.map((input) => input.json));
	const address = thisN8nWebhookAddress.call(this, 0);
	const request = webhookRequest(this, { itemIndex: 0 });
	// Refuses to answer when this n8n's address cannot be told (then `address` is defined below).
	const ours = thisN8nSubscriptions(address, await listSubscriptions(request));
	const { verdicts, orphans } = judgeTriggers(triggers, ours, address as string, eventVocabulary(resources));

	const reEnable = this.getNodeParameter(RE_ENABLE, 0, true) as boolean;
	const acted = verdicts.map((verdict) => ({ verdict, action: actionFor(verdict.state, reEnable) }));
	for (const { verdict, action } of acted) {
		if (action === 're-enabled') await enableSubscription(request, verdict.subscriptions[0].id);
	}
	const deleteOrphans = this.getNodeParameter(DELETE_ORPHANS, 0, false) as boolean;
	for (const { subscription } of deleteOrphans ? orphans : []) await deleteSubscription(request, subscription.id);

	const triggerJson = triggerItems(acted);
	const orphanJson = orphanItems(orphans, deleteOrphans);
	const json = (record: object) => record as IDataObject;
	const everyInput = inputs.map((_, item) => ({ item }));
	const output: INodeExecutionData[] = [
		...triggerJson.map((record, index) => ({ json: json(record), pairedItem: { item: acted[index].verdict.trigger.item } })),
		...orphanJson.map((record) => ({ json: json(record), pairedItem: everyInput })),
		{ json: json(summaryItem(triggerJson, orphanJson)), pairedItem: everyInput },
	];
	return output;
};

/** Check Triggers: one item per active trigger and per orphaned subscription, then a summary. */
export const checkTriggers: WholeInputOperation = {
	value: 'checkTriggers',
	option: () => ({
		name: 'Check Triggers',
		value: 'checkTriggers',
		description:
			"Check that every active workflow's Education Platform Trigger has its subscription, enabled and for its events, and find subscriptions to this n8n that no trigger owns (input: n8n's workflows)",
		action: "Check the triggers' subscriptions",
	}),
	properties,
	executeAll,
};
