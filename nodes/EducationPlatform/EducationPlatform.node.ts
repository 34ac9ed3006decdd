import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { authenticationProperty } from '../shared/descriptions/authentication';
import { listSearchMethods, RESOURCES } from '../shared/resources/registry';
import { actionProperties } from './actions/description';
import { OPERATIONS } from './actions/operations';
import { router } from './actions/router';

export class EducationPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Education Platform',
		name: 'educationPlatform',
		icon: {
			light: 'file:../../icons/educationPlatform.svg',
			dark: 'file:../../icons/educationPlatform.dark.svg',
		},
		group: ['transform'],
		// Version 2: the UX guideline's Simplify, Output, Sort and Filters layout, record pickers and
		// defaults (docs/action-node.md, Versions); new nodes get it. Version 1 keeps its parameters,
		// so workflows saved with it run and look as they did.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Read students, enrollments, payments and exam results; read and delete webhook subscriptions; read and redeliver webhook deliveries',
		defaults: { name: 'Education Platform' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
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
		properties: [authenticationProperty, ...actionProperties(RESOURCES, OPERATIONS)],
	};

	methods = { listSearch: listSearchMethods(RESOURCES) };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this, OPERATIONS);
	}
}
