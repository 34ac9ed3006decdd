import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { listSearchMethods, pollableResources, RESOURCES } from '../shared/resources/registry';
import { pollingProperties } from './description';
import { pollResource } from './poll/pollResource';

export class EducationPlatformPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Education Platform Polling Trigger',
		name: 'educationPlatformPollingTrigger',
		icon: {
			light: 'file:../../icons/educationPlatform.svg',
			dark: 'file:../../icons/educationPlatform.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ $parameter["resource"] + ": " + [].concat($parameter["events"] || []).join(", ") }}',
		description:
			'Starts the workflow when Education Platform records are added or changed, by asking the platform on a schedule (no public URL needed)',
		defaults: { name: 'Education Platform Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// Written out, not imported: n8n's community-node lint rules read this array literally
		// (test/nodes/shared/descriptions/authentication.test.ts keeps the nodes' copies equal).
		credentials: [
			{
				name: 'educationPlatformApi',
				required: true,
				displayOptions: { show: { authentication: ['accessToken'] } },
			},
			{
				name: 'educationPlatformOAuth2Api',
				required: true,
				displayOptions: { show: { authentication: ['oAuth2'] } },
			},
		],
		properties: pollingProperties,
	};

	// The Filters' pickers are the action node's, those of the resources it polls.
	methods = {
		listSearch: listSearchMethods(pollableResources(RESOURCES).map(({ descriptor }) => descriptor)),
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollResource.call(this);
	}
}
