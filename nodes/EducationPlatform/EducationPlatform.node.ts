import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { authenticationCredentials, authenticationProperty } from '../shared/descriptions/authentication';
import { router } from './actions/router';
import * as student from './actions/student';

export class EducationPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Education Platform',
		name: 'educationPlatform',
		icon: { light: 'file:../../icons/educationPlatform.svg', dark: 'file:../../icons/educationPlatform.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Read students from your education platform',
		defaults: { name: 'Education Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: authenticationCredentials,
		properties: [
			authenticationProperty,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [{ name: 'Student', value: 'student' }],
				default: 'student',
			},
			...student.description,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
