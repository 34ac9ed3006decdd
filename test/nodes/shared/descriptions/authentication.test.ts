import { EducationPlatform } from '../../../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformPollingTrigger } from '../../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { EducationPlatformTrigger } from '../../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { credentialTypeFor, WEBHOOK_SIGNING_CREDENTIAL } from '../../../../nodes/shared/constants';
import { authenticationProperty } from '../../../../nodes/shared/descriptions/authentication';
import type { INodePropertyOptions } from 'n8n-workflow';

// Each node writes its `credentials` array out (n8n's community-node lint rules read only an
// array literal); these keep the copies equal, each shown for a value of the shared Authentication
// parameter.
const authenticationCredentials = [
	{
		name: credentialTypeFor('accessToken'),
		required: true,
		displayOptions: { show: { authentication: ['accessToken'] } },
	},
	{
		name: credentialTypeFor('oAuth2'),
		required: true,
		displayOptions: { show: { authentication: ['oAuth2'] } },
	},
];

describe("the nodes' credentials", () => {
	it('are shown for the values the Authentication parameter stores (saved workflows hold them)', () => {
		expect(
			(authenticationProperty.options as INodePropertyOptions[]).map((option) => option.value),
		).toEqual(['accessToken', 'oAuth2']);
		expect(authenticationProperty.default).toBe('accessToken');
	});

	it.each([
		['Education Platform', new EducationPlatform()],
		['Education Platform Polling Trigger', new EducationPlatformPollingTrigger()],
	])('%s offers exactly the authentication credentials', (_name, node) => {
		expect(node.description.credentials).toEqual(authenticationCredentials);
	});

	it('the trigger offers them for Registration = Automatic, and the signing secret for Manual', () => {
		const automatic = authenticationCredentials.map((credential) => ({
			...credential,
			displayOptions: { show: { registration: ['automatic'], ...credential.displayOptions?.show } },
		}));
		expect(new EducationPlatformTrigger().description.credentials).toEqual([
			...automatic,
			{
				name: WEBHOOK_SIGNING_CREDENTIAL,
				required: true,
				testedBy: 'signingSecretTest',
				displayOptions: { show: { registration: ['manual'] } },
			},
		]);
	});
});
