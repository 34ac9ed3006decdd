// The router through n8n's engine: one run per input item, each output paired with its item, and an
// operation the node does not have refused by name (kept per item under Continue On Fail).
import nock from 'nock';
import { ORIGIN, runEducationPlatform, student, useNock } from '../fixtures';

useNock();

describe('router', () => {
	it('runs the operation once per input item, pairing each output with its item', async () => {
		nock(ORIGIN).get('/v1/students/1').reply(200, { data: student(1) });
		nock(ORIGIN).get('/v1/students/2').reply(200, { data: student(2) });
		const result = await runEducationPlatform(
			{ operation: 'get', studentId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ input: [{ id: 1 }, { id: 2 }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[2, { item: 1 }],
		]);
	});

	it('refuses an operation the resource does not have, naming both', async () => {
		const failed = await runEducationPlatform({ operation: 'delete' });
		expect(failed.error?.name).toBe('NodeOperationError');
		expect(failed.error?.message).toBe('The operation "delete" of "student" is not supported');
		const kept = await runEducationPlatform({ operation: 'delete' }, { input: [{}, {}], continueOnFail: true });
		expect(kept.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			['The operation "delete" of "student" is not supported', { item: 0 }],
			['The operation "delete" of "student" is not supported', { item: 1 }],
		]);
	});
});
