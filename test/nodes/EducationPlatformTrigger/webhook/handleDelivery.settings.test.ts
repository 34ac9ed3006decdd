import type { IHookFunctions } from 'n8n-workflow';
import {
	checkedSigningSecret,
	manualSigningSecrets,
	registrationMode,
	selectedEventTypes,
} from '../../../../nodes/EducationPlatformTrigger/webhook/handleDelivery';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OLD_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** Just enough of a hook context: the node's parameters and its signing-secret credential. */
function context(
	parameters: Record<string, unknown>,
	credential?: Record<string, unknown>,
): IHookFunctions {
	return {
		getNode: () => ({ name: 'Education Platform Trigger' }),
		getNodeParameter: (name: string, fallback: unknown) =>
			name in parameters ? parameters[name] : fallback,
		getCredentials: async () => {
			if (!credential) throw new Error('Node does not have any credentials set');
			return credential;
		},
	} as unknown as IHookFunctions;
}

const failureOf = async (run: () => unknown) => {
	try {
		await run();
	} catch (error) {
		return {
			name: (error as Error).name,
			message: (error as Error).message,
			description: (error as { description?: string }).description,
		};
	}
	throw new Error('expected a failure');
};

// The settings activation and deliveries both read (handleDelivery.ts).
describe("the trigger's settings", () => {
	it('read Registration, Automatic when unset', () => {
		expect(registrationMode.call(context({}))).toBe('automatic');
		expect(registrationMode.call(context({ registration: 'manual' }))).toBe('manual');
	});

	it('expand the Events selection to event types (sorted), and refuse none or an unknown one', async () => {
		expect(
			selectedEventTypes.call(context({ events: ['payment.*', 'exam_result.updated'] })),
		).toEqual(['exam_result.updated', 'payment.failed', 'payment.refunded', 'payment.succeeded']);
		expect(await failureOf(() => selectedEventTypes.call(context({ events: [] })))).toEqual({
			name: 'NodeOperationError',
			message: 'Choose at least one event in Events.',
			description: undefined,
		});
		expect(
			(await failureOf(() => selectedEventTypes.call(context({ events: ['payment.pending'] }))))
				.name,
		).toBe('NodeOperationError');
	});

	it('pass a usable signing secret and explain an unusable one with the advice given', async () => {
		expect(checkedSigningSecret.call(context({}), SECRET, 'advice')).toBe(SECRET);
		expect(await failureOf(() => checkedSigningSecret.call(context({}), '', 'Paste it.'))).toEqual({
			name: 'NodeOperationError',
			message: 'The signing secret is empty.',
			description: 'Paste it.',
		});
	});

	it("take Manual registration's secrets from the credential, current first, previous only when filled in", async () => {
		expect(
			await manualSigningSecrets.call(
				context({}, { signingSecret: SECRET, previousSigningSecret: '  ' }),
			),
		).toEqual([SECRET]);
		expect(
			await manualSigningSecrets.call(
				context({}, { signingSecret: SECRET, previousSigningSecret: OLD_SECRET }),
			),
		).toEqual([SECRET, OLD_SECRET]);
		const missing = await failureOf(() => manualSigningSecrets.call(context({})));
		expect(missing).toMatchObject({
			name: 'NodeOperationError',
			description: expect.stringMatching(
				/Webhook Signing Secret credential and paste the signing secret/,
			),
		});
		const badPrevious = await failureOf(() =>
			manualSigningSecrets.call(
				context({}, { signingSecret: SECRET, previousSigningSecret: 'whsec_!' }),
			),
		);
		expect(badPrevious.description).toMatch(
			/^Previous Signing Secret is only for a rotation's grace period/,
		);
	});
});
