import { EducationPlatformApi } from '../../../credentials/EducationPlatformApi.credentials';
import { EducationPlatformOAuth2Api } from '../../../credentials/EducationPlatformOAuth2Api.credentials';
import { EducationPlatformWebhookSigningApi } from '../../../credentials/EducationPlatformWebhookSigningApi.credentials';
import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import {
	credentialTypeFor,
	TRIGGER_NODE_NAME,
	WEBHOOK_SIGNING_CREDENTIAL,
} from '../../../nodes/shared/constants';

describe('credential type names', () => {
	it('are the names the three credentials register (saved workflows store them)', () => {
		expect([
			credentialTypeFor('accessToken'),
			credentialTypeFor('oAuth2'),
			WEBHOOK_SIGNING_CREDENTIAL,
		]).toEqual([
			new EducationPlatformApi().name,
			new EducationPlatformOAuth2Api().name,
			new EducationPlatformWebhookSigningApi().name,
		]);
		expect(WEBHOOK_SIGNING_CREDENTIAL).toBe('educationPlatformWebhookSigningApi');
	});

	it('maps the Authentication parameter to the credential it uses', () => {
		expect(credentialTypeFor('accessToken')).toBe('educationPlatformApi');
		expect(credentialTypeFor('oAuth2')).toBe('educationPlatformOAuth2Api');
	});
});

describe('TRIGGER_NODE_NAME', () => {
	it("is the Education Platform Trigger's description.name, which n8n types its nodes with", () => {
		expect(TRIGGER_NODE_NAME).toBe(new EducationPlatformTrigger().description.name);
	});
});
