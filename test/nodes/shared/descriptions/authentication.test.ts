import { EducationPlatform } from '../../../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformPollingTrigger } from '../../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { EducationPlatformTrigger } from '../../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { WEBHOOK_SIGNING_CREDENTIAL } from '../../../../nodes/shared/constants';
import { authenticationCredentials } from '../../../../nodes/shared/descriptions/authentication';

// Each node writes its `credentials` array out (n8n's community-node lint rules read only an
// array literal); these keep the copies equal to the one list.
describe("the nodes' credentials", () => {
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
