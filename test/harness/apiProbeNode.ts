import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { authenticationProperty } from '../../nodes/shared/descriptions/authentication';
import { apiRequest, DeadlineReachedError } from '../../nodes/shared/transport';

/**
 * Test-only node: one `apiRequest` per input item with the given method/endpoint/query, so the
 * shared transport (auth, retries, errors) can be exercised through the real engine before and
 * independently of the product nodes' operations. Outputs `{ body }` or, with returnFullResponse,
 * `{ statusCode, headers, body }`; with Continue On Fail, `{ error, description }` (plus
 * `deadlineReached` and `retryAt` for a request its deadline stopped).
 */
export class ApiProbe implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'API Probe',
		name: 'apiProbe',
		group: ['transform'],
		version: 1,
		description: 'Calls the Education Platform API through the shared transport',
		defaults: { name: 'API Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The action node's own sign-in: the same credentials, shown for the same Authentication values.
		credentials: new EducationPlatform().description.credentials,
		properties: [
			authenticationProperty,
			{ displayName: 'Method', name: 'method', type: 'string', default: 'GET' },
			{ displayName: 'Endpoint', name: 'endpoint', type: 'string', default: '/students' },
			{ displayName: 'Query', name: 'qs', type: 'json', default: '{}' },
			{ displayName: 'Resource Label', name: 'resourceLabel', type: 'string', default: '' },
			{
				displayName: 'Return Full Response',
				name: 'returnFullResponse',
				type: 'boolean',
				default: false,
			},
			{ displayName: 'Timeout (Ms)', name: 'timeoutMs', type: 'number', default: 0 },
			{ displayName: 'Retry Policy', name: 'retry', type: 'json', default: '{}' },
			{ displayName: 'Deadline In (Ms)', name: 'deadlineInMs', type: 'number', default: 0 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const output: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			try {
				const qsParam = this.getNodeParameter('qs', i) as string | IDataObject;
				const resourceLabel = this.getNodeParameter('resourceLabel', i) as string;
				const returnFullResponse = this.getNodeParameter('returnFullResponse', i) as boolean;
				const timeoutMs = this.getNodeParameter('timeoutMs', i) as number;
				const retryParam = this.getNodeParameter('retry', i) as string | IDataObject;
				const deadlineInMs = this.getNodeParameter('deadlineInMs', i) as number;
				const response = (await apiRequest.call(
					this,
					this.getNodeParameter('method', i) as IHttpRequestMethods,
					this.getNodeParameter('endpoint', i) as string,
					{
						qs: typeof qsParam === 'string' ? (JSON.parse(qsParam) as IDataObject) : qsParam,
						returnFullResponse,
						...(resourceLabel && { resourceLabel }),
						...(timeoutMs > 0 && { timeoutMs }),
						...(deadlineInMs > 0 && { deadline: Date.now() + deadlineInMs }),
						retry:
							typeof retryParam === 'string' ? (JSON.parse(retryParam) as IDataObject) : retryParam,
					},
				)) as IDataObject;
				const json = returnFullResponse
					? { statusCode: response.statusCode, headers: response.headers, body: response.body }
					: { body: response };
				output.push({ json, pairedItem: { item: i } });
			} catch (error) {
				if (!this.continueOnFail()) throw error;
				// What only the error object tells (the engine hands a failed node's error on as a plain object).
				const deadline =
					error instanceof DeadlineReachedError
						? { deadlineReached: true, retryAt: error.retryAt ?? null }
						: {};
				output.push({
					json: { error: error.message, description: error.description, ...deadline },
					pairedItem: { item: i },
				});
			}
		}
		return [output];
	}
}
