// The router through n8n's engine: one run per input item, each output paired with its item (an
// operation on the whole input once), an operation the node does not have refused by name (kept
// per item under Continue On Fail), a failing item named at the end of its message, and as an AI
// agent's tool a failure returned to the model with its advice.
import nock from 'nock';
import type { INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { EducationPlatform } from '../../../../nodes/EducationPlatform/EducationPlatform.node';
import { runNode } from '../../../harness/runNode';
import { ORIGIN, runEducationPlatform, student, TOKEN } from '../fixtures';
import { useNock } from '../../../harness/nock';

/** The node as n8n loads its tool variant for an AI agent: the same node named `<node>Tool`. */
class EducationPlatformTool extends EducationPlatform {
	description: INodeTypeDescription = {
		...new EducationPlatform().description,
		name: 'educationPlatformTool',
	};
}

function runAsTool(parameters: INodeParameters, onError?: 'stopWorkflow') {
	return runNode({
		nodeType: new EducationPlatformTool(),
		parameters: { resource: 'student', ...parameters },
		credentials: { educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN } },
		onError,
	});
}

useNock();

describe('router', () => {
	it('runs the operation once per input item, pairing each output with its item', async () => {
		nock(ORIGIN)
			.get('/v1/students/1')
			.reply(200, { data: student(1) });
		nock(ORIGIN)
			.get('/v1/students/2')
			.reply(200, { data: student(2) });
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
		expect(failed.error?.message).toBe(
			`The 'Operation' "delete" is not supported for the 'Resource' "student" [item 0]`,
		);
		const kept = await runEducationPlatform(
			{ operation: 'delete' },
			{ input: [{}, {}], continueOnFail: true },
		);
		expect(kept.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[
				`The 'Operation' "delete" is not supported for the 'Resource' "student" [item 0]`,
				{ item: 0 },
			],
			[
				`The 'Operation' "delete" is not supported for the 'Resource' "student" [item 1]`,
				{ item: 1 },
			],
		]);
	});

	it("ends a failing item's message with the item, 0-based and once (n8n's UX guidelines)", async () => {
		nock(ORIGIN)
			.get('/v1/students/1')
			.twice()
			.reply(200, { data: student(1) });
		nock(ORIGIN)
			.get('/v1/students/2')
			.reply(404, { message: 'No student with ID 2.', code: 'not_found' });
		const input = [{ id: 1 }, { id: 2 }];
		const stopped = await runEducationPlatform(
			{ operation: 'get', studentId: '={{ $json.id }}' },
			{ input },
		);
		expect(stopped.error?.message).toBe('No student with ID 2. [item 1]');
		expect(stopped.error?.context.itemIndex).toBe(1);

		// The 403 message names its item already (statusTexts.ts): it is not named twice.
		nock(ORIGIN)
			.get('/v1/students/2')
			.reply(403, {
				message: 'Forbidden.',
				code: 'insufficient_scope',
				required_scopes: ['students:read'],
			});
		const kept = await runEducationPlatform(
			{ operation: 'get', studentId: '={{ $json.id }}' },
			{ input, continueOnFail: true },
		);
		expect(kept.items.map((item) => [item.json.id ?? item.json.error, item.pairedItem])).toEqual([
			[1, { item: 0 }],
			[
				'The credential may not get student 2: it lacks the students:read scope [item 1]',
				{ item: 1 },
			],
		]);
	});

	describe("as an AI agent's tool", () => {
		const refused = {
			message: 'The given data was invalid.',
			code: 'validation_failed',
			errors: { filter: ['Requested filter(s) `grade` are not allowed.'] },
		};

		it('answers the model with the failure and what to do about it, and the run goes on', async () => {
			nock(ORIGIN).get('/v1/students').query(true).reply(422, refused);
			const result = await runAsTool({
				operation: 'getMany',
				additionalFilters: { filter: [{ name: 'grade', value: '9' }] },
			});
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
			const [{ json, pairedItem, error }] = result.items;
			expect(error).toBeUndefined();
			expect(pairedItem).toEqual({ item: 0 });
			expect(json.error).toBe('The given data was invalid. [item 0]');
			expect(json.details).toContain('filter: Requested filter(s) `grade` are not allowed.');
		});

		it('refuses an operation the tool variant hides (Check Triggers, on the whole input) before any request', async () => {
			// No interceptor: a request would fail with nock's refusal instead of this answer.
			const result = await runAsTool({
				resource: 'webhookSubscription',
				operation: 'checkTriggers',
			});
			expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
				[
					'Webhook Subscription → Check Triggers is not offered to AI agents, so the tool did nothing',
					[{ item: 0 }],
				],
			]);
		});

		it('fails the run when On Error is Stop Workflow', async () => {
			nock(ORIGIN).get('/v1/students').query(true).reply(422, refused);
			const result = await runAsTool(
				{ operation: 'getMany', additionalFilters: { filter: [{ name: 'grade', value: '9' }] } },
				'stopWorkflow',
			);
			expect(result.error?.message).toBe('The given data was invalid. [item 0]');
		});
	});

	it('runs an operation on the whole input once; under Continue On Fail its failure is one item paired with every input item', async () => {
		const failed = await runEducationPlatform(
			{ resource: 'webhookSubscription', operation: 'checkTriggers' },
			{ input: [{ a: 1 }, { a: 2 }], continueOnFail: true },
		);
		expect(failed.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			[
				'Input item 1 is not an n8n workflow with its nodes, so no trigger was checked',
				[{ item: 0 }, { item: 1 }],
			],
		]);
	});
});
