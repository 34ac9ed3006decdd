import { NodeOperationError, type ICredentialDataDecryptedObject, type INode } from 'n8n-workflow';

import {
	apiUrl,
	baseUrlOf,
	oauthGrantOf,
	platformBaseUrl,
	readCredential,
	type ApiContext,
} from '../../../../nodes/shared/transport/credential';

const NODE: INode = {
	id: 'node-1',
	name: 'Education Platform',
	type: 'n8n-nodes-education-platform.educationPlatform',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const TOKEN = { baseUrl: 'https://school.example/api/v1/', accessToken: 'edu_pat_1' };
const OAUTH2 = { baseUrl: 'https://oauth.school.example', grantType: 'clientCredentials' };

/** The part of n8n's function context these helpers read: the node, its parameters and its credentials. */
function contextOf(
	authentication: string,
	credentials: Record<string, ICredentialDataDecryptedObject> = {
		educationPlatformApi: TOKEN,
		educationPlatformOAuth2Api: OAUTH2,
	},
) {
	const read: string[] = [];
	const context = {
		getNode: () => NODE,
		getNodeParameter: (name: string) => (name === 'authentication' ? authentication : undefined),
		getCredentials: async (type: string) => {
			read.push(type);
			if (!credentials[type]) throw new Error(`Node does not have credentials of type ${type}`);
			return credentials[type];
		},
	} as unknown as ApiContext;
	return { context, read };
}

describe('readCredential', () => {
	it("reads the credential the node's Authentication picks, once", async () => {
		const token = contextOf('accessToken');
		expect(await readCredential.call(token.context)).toEqual({
			authentication: 'accessToken',
			credentialType: 'educationPlatformApi',
			data: TOKEN,
		});
		expect(token.read).toEqual(['educationPlatformApi']);

		const oauth2 = contextOf('oAuth2');
		expect(await readCredential.call(oauth2.context)).toEqual({
			authentication: 'oAuth2',
			credentialType: 'educationPlatformOAuth2Api',
			data: OAUTH2,
		});
		expect(oauth2.read).toEqual(['educationPlatformOAuth2Api']);
	});

	it('reads another credential type when the caller names one', async () => {
		const { context, read } = contextOf('accessToken');
		expect(await readCredential.call(context, 'oAuth2')).toMatchObject({
			authentication: 'oAuth2',
			credentialType: 'educationPlatformOAuth2Api',
			data: OAUTH2,
		});
		expect(read).toEqual(['educationPlatformOAuth2Api']);
	});
});

describe('platformBaseUrl', () => {
	it('is the normalised Base URL of the credential the node uses', async () => {
		expect(await platformBaseUrl.call(contextOf('accessToken').context)).toBe(
			'https://school.example/api',
		);
		expect(await platformBaseUrl.call(contextOf('oAuth2').context)).toBe(
			'https://oauth.school.example',
		);
	});

	it('says to fix the credential when its Base URL is not a URL', async () => {
		const { context } = contextOf('accessToken', {
			educationPlatformApi: { baseUrl: 'school.example', accessToken: 't' },
		});
		const error = await platformBaseUrl.call(context, 3).catch((thrown: unknown) => thrown);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error).toMatchObject({
			message: expect.stringMatching(/^Base URL "school\.example" is not a valid URL/),
			description: 'Fix the Base URL in the Education Platform credential.',
			context: { itemIndex: 3 },
		});
	});
});

describe('baseUrlOf', () => {
	it('reads a missing Base URL as empty, which is not a URL', () => {
		expect(() => baseUrlOf(contextOf('accessToken').context, {})).toThrow(
			'Base URL "" is not a valid URL',
		);
	});
});

describe('oauthGrantOf', () => {
	it("names an OAuth2 credential's grant from its Grant Type, and none for an access token", () => {
		expect(oauthGrantOf('oAuth2', { grantType: 'clientCredentials' })).toBe('clientCredentials');
		expect(oauthGrantOf('oAuth2', { grantType: 'pkce' })).toBe('pkce');
		expect(oauthGrantOf('accessToken', { grantType: 'clientCredentials' })).toBeUndefined();
	});
});

describe("baseUrlOf: what a user pasted, as the API root that '/v1/…' is appended to", () => {
	const baseUrl = (input: string) =>
		baseUrlOf(contextOf('accessToken').context, { baseUrl: input });

	it.each([
		['https://school.example', 'https://school.example'],
		['https://school.example/', 'https://school.example'],
		['https://school.example/api', 'https://school.example/api'],
		['https://school.example/api/', 'https://school.example/api'],
		['https://school.example/api/v1', 'https://school.example/api'],
		['https://school.example/v1/', 'https://school.example'],
		['  https://school.example:8443/tenant/api/v1//  ', 'https://school.example:8443/tenant/api'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
	])('%s → %s', (input, expected) => {
		expect(baseUrl(input)).toBe(expected);
	});

	it('rejects what is not an http(s) URL, saying what to enter', () => {
		expect(() => baseUrl('school.example')).toThrow(
			/not a valid URL.*https:\/\/school\.example\.com/,
		);
		expect(() => baseUrl('ftp://school.example')).toThrow(/must start with https:\/\//);
	});
});

describe('apiUrl', () => {
	it('appends /v1 and the endpoint', () => {
		expect(apiUrl('https://school.example/api/v1/', '/students')).toBe(
			'https://school.example/api/v1/students',
		);
		expect(apiUrl('https://school.example', 'students/7')).toBe(
			'https://school.example/v1/students/7',
		);
	});
});
