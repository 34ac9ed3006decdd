import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { authenticationCredentials, authenticationProperty } from '../shared/descriptions/authentication';
import { resourceProperties, resourceSelector } from './actions/resources';
import { router } from './actions/router';
import { searchStudents } from './methods/listSearch';

export class EducationPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Education Platform',
		name: 'educationPlatform',
		icon: { light: 'file:../../icons/educationPlatform.svg', dark: 'file:../../icons/educationPlatform.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read students, enrollments, payments and exam results from your education platform',
		defaults: { name: 'Education Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: authenticationCredentials,
		properties: [
			authenticationProperty,
			resourceSelector,
			...resourceProperties,
		],
	};

	methods = { listSearch: { searchStudents } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
