import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { searchStudents } from '../EducationPlatform/methods/listSearch';
import { authenticationCredentials } from '../shared/descriptions/authentication';
import { pollingProperties } from './description';
import { pollResource } from './poll/pollResource';

export class EducationPlatformPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Education Platform Polling Trigger',
		name: 'educationPlatformPollingTrigger',
		icon: { light: 'file:../../icons/educationPlatform.svg', dark: 'file:../../icons/educationPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["resource"] + ": " + [].concat($parameter["events"] || []).join(", ") }}',
		description:
			'Starts the workflow when Education Platform records are added or changed, by asking the platform on a schedule (no public URL needed)',
		defaults: { name: 'Education Platform Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: authenticationCredentials,
		properties: pollingProperties,
	};

	// The Student filter of enrollments, payments and exam results is the action node's picker.
	methods = { listSearch: { searchStudents } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollResource.call(this);
	}
}
