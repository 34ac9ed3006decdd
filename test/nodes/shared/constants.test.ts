import { EducationPlatformApi } from '../../../credentials/EducationPlatformApi.credentials';
import { EducationPlatformOAuth2Api } from '../../../credentials/EducationPlatformOAuth2Api.credentials';
import { EducationPlatformWebhookSigningApi } from '../../../credentials/EducationPlatformWebhookSigningApi.credentials';
import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import {
	ACCESS_TOKEN_CREDENTIAL,
	credentialTypeFor,
	OAUTH2_CREDENTIAL,
	TRIGGER_NODE_NAME,
	WEBHOOK_SIGNING_CREDENTIAL,
} from '../../../nodes/shared/constants';

describe('credential type names', () => {
	it('are the names the three credentials register (saved workflows store them)', () => {
		expect([ACCESS_TOKEN_CREDENTIAL, OAUTH2_CREDENTIAL, WEBHOOK_SIGNING_CREDENTIAL]).toEqual([
			new EducationPlatformApi().name,
			new EducationPlatformOAuth2Api().name,
			new EducationPlatformWebhookSigningApi().name,
		]);
		expect(ACCESS_TOKEN_CREDENTIAL).toBe('educationPlatformApi');
		expect(OAUTH2_CREDENTIAL).toBe('educationPlatformOAuth2Api');
		expect(WEBHOOK_SIGNING_CREDENTIAL).toBe('educationPlatformWebhookSigningApi');
	});

	it('maps the Authentication parameter to the credential it uses', () => {
		expect(credentialTypeFor('accessToken')).toBe(ACCESS_TOKEN_CREDENTIAL);
		expect(credentialTypeFor('oAuth2')).toBe(OAUTH2_CREDENTIAL);
	});
});

describe('TRIGGER_NODE_NAME', () => {
	it("is the Education Platform Trigger's description.name, which n8n types its nodes with", () => {
		expect(TRIGGER_NODE_NAME).toBe(new EducationPlatformTrigger().description.name);
	});
});
