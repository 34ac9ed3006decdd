import type { Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';
import { CONNECTION_TEST } from '../nodes/shared/scopes';

const NOT_FOR_USE =
	'This credential only orders the fields of the Education Platform OAuth2 API credential. Create an Education Platform API or Education Platform OAuth2 API credential instead.';

/**
 * Puts Base URL first in the Education Platform OAuth2 API dialog. n8n's editor lists the fields of
 * each type in `extends` before the credential's own, so a credential extending only `oAuth2Api`
 * shows Base URL after n8n's OAuth2 fields. Listed first in that `extends`, this type claims the
 * first place, and the OAuth2 credential's own Base URL replaces it there (docs/credentials.md).
 * n8n 2.x hides it from "Add credential"; n8n 1.x lists it, so its description and test say so.
 */
export class EducationPlatformFieldOrderApi implements ICredentialType {
	name = 'educationPlatformFieldOrderApi';

	displayName = 'Education Platform Field Order (Not for Use) API';

	hidden = true;

	icon: Icon = {
		light: 'file:../icons/educationPlatform.svg',
		dark: 'file:../icons/educationPlatform.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-education-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			description: NOT_FOR_USE,
		},
	];

	// Never passes against the platform: without a token it answers 401, and the test says what to create.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).trim().replace(/\\/+$/, "") }}',
			url: `/v1${CONNECTION_TEST.path}`,
		},
		rules: [{ type: 'responseCode', properties: { value: 401, message: NOT_FOR_USE } }],
	};
}
