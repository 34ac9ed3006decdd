import { webhookResponseFields } from '../../../../nodes/EducationPlatformTrigger/webhook/responseFields';

/** The Respond parameter as n8n's Webhook node reads its own, "on receipt" when missing. */
const RESPONSE_MODE_TEMPLATE = '={{$parameter["responseMode"] || "onReceived"}}';

describe('webhookResponseFields', () => {
	it('answers as the Respond parameter says (on receipt when unset), with an empty body', () => {
		const fields = webhookResponseFields();
		expect(fields.responseData).toBe('noData');
		// n8n 2.x adds a native resolver beside it; the template n8n falls back to stays the same.
		expect(fields.responseMode).toBe(RESPONSE_MODE_TEMPLATE);
		// The devDependency is n8n-workflow 2.x: its resolver rides on a symbol key.
		expect(Object.getOwnPropertySymbols(fields)).toHaveLength(1);
	});

	it('keeps the template when n8n-workflow has no native helpers (older n8n)', () => {
		jest.isolateModules(() => {
			jest.doMock('n8n-workflow', () => ({}));
			const isolated = jest.requireActual<
				typeof import('../../../../nodes/EducationPlatformTrigger/webhook/responseFields')
			>('../../../../nodes/EducationPlatformTrigger/webhook/responseFields');
			const fields = isolated.webhookResponseFields();
			expect(fields).toEqual({ responseMode: RESPONSE_MODE_TEMPLATE, responseData: 'noData' });
			expect(Object.getOwnPropertySymbols(fields)).toEqual([]);
		});
	});
});
