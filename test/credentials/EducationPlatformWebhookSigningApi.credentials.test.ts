import { EducationPlatformWebhookSigningApi } from '../../credentials/EducationPlatformWebhookSigningApi.credentials';
import { EducationPlatformTrigger } from '../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';

describe('Education Platform Webhook Signing Secret API credential', () => {
	const credential = new EducationPlatformWebhookSigningApi();

	it('holds the signing secret and, only while rotating, the previous one, both hidden', () => {
		expect(
			credential.properties.map(({ name, required, typeOptions }) => ({
				name,
				required,
				password: typeOptions?.password,
			})),
		).toEqual([
			{ name: 'signingSecret', required: true, password: true },
			{ name: 'previousSigningSecret', required: undefined, password: true },
		]);
	});

	it('calls nothing itself: the trigger tests it with its local signingSecretTest', () => {
		expect(credential).not.toHaveProperty('authenticate');
		expect(credential).not.toHaveProperty('test');
		const trigger = new EducationPlatformTrigger();
		const entry = trigger.description.credentials?.find(({ name }) => name === credential.name);
		expect(entry?.testedBy).toBe('signingSecretTest');
		expect(typeof trigger.methods?.credentialTest?.signingSecretTest).toBe('function');
	});
});
