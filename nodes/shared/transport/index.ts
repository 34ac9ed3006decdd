import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { apiUrl } from '../baseUrl';
import { credentialTypeFor, type AuthenticationMethod } from '../constants';

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface ApiRequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	/** Return the full response (status, headers, body) instead of the body. */
	returnFullResponse?: boolean;
}

/**
 * One authenticated call to the Education Platform API.
 * `endpoint` is relative to `{base}/v1`, e.g. `/students` or `/webhooks/wh_1`.
 * (Foundation issue: retries, rate-limit waits and error mapping live behind this one function.)
 */
export async function apiRequest(
	this: ApiContext,
	method: IHttpRequestMethods,
	endpoint: string,
	options: ApiRequestOptions = {},
): Promise<any> {
	const authentication = this.getNodeParameter('authentication', 0) as AuthenticationMethod;
	const credentialType = credentialTypeFor(authentication);
	const credentials = await this.getCredentials(credentialType);
	const request: IHttpRequestOptions = {
		method,
		url: apiUrl(credentials.baseUrl as string, endpoint),
		headers: { Accept: 'application/json' },
		qs: options.qs,
		body: options.body,
		json: true,
		returnFullResponse: options.returnFullResponse,
	};
	return await this.helpers.httpRequestWithAuthentication.call(this, credentialType, request);
}
