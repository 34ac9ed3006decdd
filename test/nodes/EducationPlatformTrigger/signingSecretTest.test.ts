import { randomBytes } from 'node:crypto';

import type { ICredentialsDecrypted, ICredentialTestFunctions } from 'n8n-workflow';

import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';

// The credential "Test" n8n runs for the signing-secret credential: the trigger's `testedBy`
// function, looked up the way n8n's CredentialsTester does (node description → methods).
const trigger = new EducationPlatformTrigger();
const testedBy = trigger.description.credentials!.find(
	(c) => c.name === 'educationPlatformWebhookSigningApi',
)!.testedBy as string;
const test =
	trigger.methods.credentialTest[testedBy as keyof typeof trigger.methods.credentialTest];
const secret = () => `whsec_${randomBytes(32).toString('base64')}`;

async function run(data: Record<string, string>) {
	const credential: ICredentialsDecrypted = {
		id: '1',
		name: 'signing',
		type: 'educationPlatformWebhookSigningApi',
		data,
	};
	return await test.call({} as ICredentialTestFunctions, credential);
}

describe('signing-secret credential test', () => {
	it('passes a whsec_ secret, with or without a previous one', async () => {
		expect(await run({ signingSecret: secret() })).toEqual({
			status: 'OK',
			message: 'The signing secret can verify deliveries.',
		});
		expect((await run({ signingSecret: secret(), previousSigningSecret: secret() })).status).toBe(
			'OK',
		);
	});

	it('names the field that is wrong and why, without echoing the value', async () => {
		const current = await run({ signingSecret: 'wh_2f9c1a7e4b' });
		expect(current.status).toBe('Error');
		expect(current.message).toMatch(/^Signing Secret: .*not a Standard Webhooks secret/);
		expect(current.message).not.toContain('wh_2f9c1a7e4b');
		const previous = await run({
			signingSecret: secret(),
			previousSigningSecret: `whsec_${Buffer.alloc(8).toString('base64')}`,
		});
		expect(previous).toMatchObject({
			status: 'Error',
			message: expect.stringMatching(/^Previous Signing Secret: .*too short/),
		});
		expect(await run({ signingSecret: '' })).toMatchObject({
			status: 'Error',
			message: 'Signing Secret: The signing secret is empty.',
		});
	});
});
