// Which credential a request goes with, read from n8n: the type the node's `authentication`
// parameter picks, its data read once for a series of requests, its OAuth2 grant, and the Base URL
// it names (normalised as docs/api-contract.md §1 says), and the URL a request may go to.
import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { credentialTypeFor, type AuthenticationMethod } from '../constants';
import { quoted } from '../errors';
import type { OAuthGrant } from './statusTexts';

export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IPollFunctions;

/**
 * A credential as read at the start of a series of requests (one listing). n8n loads and decrypts
 * a credential from its database each time a node reads it, and each request sent with
 * `httpRequestWithAuthentication` reads it again: two database reads and decryptions per page of
 * a listing. An access token is handed to n8n as read; OAuth2 requests
 * still go through n8n's own token handling, which reads the credential itself (it may refresh
 * and save the token meanwhile).
 */
export interface CredentialSnapshot {
	authentication: AuthenticationMethod;
	credentialType: string;
	data: ICredentialDataDecryptedObject;
}

/** The credential type chosen by the node's `authentication` parameter, unless `override` is given. */
export function credentialTypeOf(
	context: ApiContext,
	override?: AuthenticationMethod,
): { authentication: AuthenticationMethod; credentialType: string } {
	const authentication =
		override ?? (context.getNodeParameter('authentication', 0) as AuthenticationMethod);
	return { authentication, credentialType: credentialTypeFor(authentication) };
}

/** The normalised Base URL of the credential the node uses (docs/api-contract.md §1). */
export async function platformBaseUrl(this: ApiContext, itemIndex?: number): Promise<string> {
	return baseUrlOf(
		this,
		await this.getCredentials(credentialTypeOf(this).credentialType),
		itemIndex,
	);
}

/** Reads the node's credential once, for the requests of one listing (`options.credential`). */
export async function readCredential(
	this: ApiContext,
	authentication?: AuthenticationMethod,
): Promise<CredentialSnapshot> {
	const chosen = credentialTypeOf(this, authentication);
	const data: ICredentialDataDecryptedObject = await this.getCredentials(chosen.credentialType);
	return { ...chosen, data };
}

export function baseUrlOf(
	context: ApiContext,
	credentials: ICredentialDataDecryptedObject,
	itemIndex?: number,
): string {
	try {
		return normalizeBaseUrl(String(credentials.baseUrl ?? ''));
	} catch (error) {
		throw new NodeOperationError(context.getNode(), (error as Error).message, {
			itemIndex,
			description: 'Fix the Base URL in the Education Platform credential.',
		});
	}
}

/** The OAuth2 grant of a credential, as its Grant Type field names it; undefined for an access token. */
export function oauthGrantOf(
	authentication: AuthenticationMethod,
	credential: ICredentialDataDecryptedObject,
): OAuthGrant | undefined {
	if (authentication !== 'oAuth2') return undefined;
	return credential.grantType === 'clientCredentials' ? 'clientCredentials' : 'pkce';
}

/**
 * Turns whatever a user pasted into the API root that `/v1/...` is appended to:
 * trailing slashes and one trailing `/v1` are removed, an `/api` prefix is kept.
 */
function normalizeBaseUrl(input: string): string {
	const trimmed = (input ?? '').trim();
	const url = URL.canParse(trimmed) ? new URL(trimmed) : undefined;
	if (!url) {
		throw new Error(
			`Base URL ${quoted(trimmed)} is not a valid URL. Use the address of your platform, e.g. https://school.example.com or https://school.example.com/api`,
		);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new Error(
			`Base URL ${quoted(trimmed)} must start with https:// (or http:// for a local sandbox)`,
		);
	}
	let path = url.pathname.replace(/\/+$/, '');
	path = path.replace(/\/v1$/i, '');
	return `${url.origin}${path}`;
}

/** The full URL of an API path such as `/students` or `/webhooks/wh_1`. */
export function apiUrl(baseUrl: string, endpoint: string): string {
	const suffix = endpoint.startsWith('/') ? endpoint : `/${endpoint}`;
	return `${normalizeBaseUrl(baseUrl)}/v1${suffix}`;
}

/**
 * The URL of `endpoint`: relative to `{base}/v1`, or absolute on the Base URL's origin only (the
 * trigger deletes a subscription at the path it was registered under); the credentials go nowhere else.
 */
export function resolveUrl(
	context: ApiContext,
	baseUrl: string,
	endpoint: string,
	itemIndex?: number,
): string {
	if (!/^https?:\/\//i.test(endpoint)) return apiUrl(baseUrl, endpoint);
	const allowedOrigin = new URL(normalizeBaseUrl(baseUrl)).origin;
	if (new URL(endpoint).origin !== allowedOrigin) {
		throw new NodeOperationError(
			context.getNode(),
			`Refusing to send the credentials to ${new URL(endpoint).origin}: it is not the Base URL's address ${allowedOrigin}`,
			{
				itemIndex,
				description: 'Check the Base URL in the credential.',
			},
		);
	}
	return endpoint;
}

/**
 * Authorization Code refresh tokens rotate (one use each). n8n refreshes inside each request that
 * gets a 401, so pages in flight when the token expires would each spend the same refresh token,
 * and all but the first would fail: with that grant, pages are read one at a time.
 */
export function concurrencyFor(credential: CredentialSnapshot, requested: number): number {
	if (credential.authentication !== 'oAuth2') return requested;
	return credential.data.grantType === 'clientCredentials' ? requested : 1;
}
