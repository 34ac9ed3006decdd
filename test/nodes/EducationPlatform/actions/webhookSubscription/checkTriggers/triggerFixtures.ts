// The triggers, workflow nodes and subscriptions the Check Triggers tests (workflowTriggers,
// triggerVerdicts, triggerCheckItems) are built from.
import { RESOURCES } from '../../../../../../nodes/shared/resources/registry';
import { eventVocabulary } from '../../../../../../nodes/shared/resources/webhookEvents';
import type { ActiveTrigger } from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/workflowTriggers';

export const ADDRESS = 'https://n8n.example.com/';
export const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const TYPE = 'n8n-nodes-education-platform.educationPlatformTrigger';
export const VOCABULARY = eventVocabulary(RESOURCES);

export const node = (
	webhookId: string,
	parameters: Record<string, unknown>,
	extra: Record<string, unknown> = {},
) => ({ name: `Trigger ${webhookId[0]}`, type: TYPE, webhookId, parameters, ...extra });
/** An active trigger whose static data records subscription `wh_<first letter>` (e.g. wh_a for A). */
export const trigger = (
	webhookId: string,
	selection: string[],
	automatic = true,
): ActiveTrigger => ({
	item: 0,
	workflowId: `wf-${webhookId[0]}`,
	workflowName: 'W',
	versionId: null,
	node: `Trigger ${webhookId[0]}`,
	webhookId,
	automatic,
	selection,
	credentialId: null,
	stored: {
		subscriptionId: `wh_${webhookId[0].toLowerCase()}`,
		url: `${ADDRESS}webhook/${webhookId}/webhook`,
	},
});
export const subscription = (
	id: string,
	webhookId: string,
	events: string[],
	enabled = true,
	address = ADDRESS,
	endpoint = 'webhook',
) => ({ id, url: `${address}${endpoint}/${webhookId}/webhook`, events, enabled });
