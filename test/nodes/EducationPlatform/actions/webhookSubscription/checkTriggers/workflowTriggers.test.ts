import { ActionableError } from '../../../../../../nodes/shared/errors';
import {
	activeTriggers,
	readWorkflows,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/workflowTriggers';
import { ADDRESS, A, B, C, node } from './triggerFixtures';

describe('activeTriggers', () => {
	it('reads the published version of an n8n 2.x workflow, and the nodes of an n8n 1.x one', () => {
		const v2 = {
			id: 'w2',
			name: 'Two',
			active: true,
			activeVersionId: 'ver-live',
			nodes: [node(A, { events: ['payment.failed'] })],
			activeVersion: { nodes: [node(A, { events: ['payment.*'] })] },
		};
		const v1 = {
			id: 'w1',
			name: 'One',
			active: true,
			nodes: [node(B.toUpperCase(), { registration: 'manual', events: ['payment.failed'] })],
		};
		expect(activeTriggers([v2, v1])).toEqual([
			{
				item: 0,
				workflowId: 'w2',
				workflowName: 'Two',
				versionId: 'ver-live',
				node: 'Trigger a',
				webhookId: A,
				automatic: true,
				selection: ['payment.*'],
				credentialId: null,
				stored: null,
			},
			{
				item: 1,
				workflowId: 'w1',
				workflowName: 'One',
				versionId: null,
				node: 'Trigger B',
				webhookId: B.toUpperCase(),
				automatic: false,
				selection: ['payment.failed'],
				credentialId: null,
				stored: null,
			},
		]);
	});

	it('skips inactive workflows, disabled nodes, other nodes and the empty item of Always Output Data', () => {
		const nodes = [
			node(A, {}, { disabled: true }),
			{ name: 'Code', type: 'n8n-nodes-base.code', parameters: {} },
		];
		expect(
			activeTriggers([
				{},
				{ id: 'off', active: false, nodes: [node(B, {})] },
				{ id: 'on', active: true, nodes },
			]),
		).toEqual([]);
	});

	it("reads Events set by an expression as not known (null), and the credential of the trigger's Authentication", () => {
		const nodes = [
			node(
				A,
				{ events: '={{ $vars.events }}' },
				{
					credentials: {
						educationPlatformApi: { id: 'cred-token', name: 'T' },
						educationPlatformOAuth2Api: { id: 'cred-old', name: 'O' },
					},
				},
			),
			node(
				B,
				{ authentication: 'oAuth2', events: ['payment.failed'] },
				{ credentials: { educationPlatformOAuth2Api: { id: 'cred-oauth', name: 'O' } } },
			),
		];
		expect(
			activeTriggers([{ id: 'w', active: true, nodes }]).map((found) => [
				found.selection,
				found.credentialId,
			]),
		).toEqual([
			[null, 'cred-token'],
			[['payment.failed'], 'cred-oauth'],
		]);
	});

	// Issue 44 F5: any node's static data (a Code node's `global`) could set a webhookUrl and blind the watchdog.
	it("reads what a trigger recorded from its own static data entry only: not another node's, not global; none recorded under n8n's staticData: null", () => {
		const testUrl = `${ADDRESS}webhook-test/${A}/webhook`;
		const staticData = {
			'node:Trigger a': {
				webhookId: 'wh_a',
				webhookUrl: `${ADDRESS}hooks/${A}/webhook`,
				webhookSecret: 'whsec_x',
			},
			'node:Code': { webhookUrl: testUrl },
			global: { webhookUrl: testUrl },
		};
		const nodes = [node(A, {}), node(B, {})];
		expect(
			activeTriggers([
				{ id: 'on', active: true, nodes, staticData },
				{ id: 'none', active: true, nodes: [node(C, {})], staticData: null },
			]).map((found) => found.stored),
		).toEqual([
			{ subscriptionId: 'wh_a', url: `${ADDRESS}hooks/${A}/webhook` },
			{ subscriptionId: null, url: null },
			{ subscriptionId: null, url: null },
		]);
	});

	it('refuses an item that is no workflow, naming it', () => {
		expect(() => activeTriggers([{ id: 'w', active: true, nodes: [] }, { student_id: 7 }])).toThrow(
			new ActionableError(
				'Input item 2 is not an n8n workflow with its nodes, so no trigger was checked',
			),
		);
	});
});

describe('readWorkflows: what every input workflow names, for orphans', () => {
	it('owns the webhook IDs of draft and published nodes, disabled ones included, of every workflow, active or not', () => {
		const inactive = { id: 'off', active: false, nodes: [node(A, {}, { disabled: true })] };
		const published = {
			id: 'on',
			active: true,
			activeVersionId: 'v2',
			nodes: [node(B, {})],
			activeVersion: { nodes: [node(C.toUpperCase(), {})] },
		};
		const { owners, partial } = readWorkflows([{}, inactive, published]);
		expect([...owners]).toEqual([
			[A, 'off'],
			[B, 'on'],
			[C.toUpperCase(), 'on'],
		]);
		expect(partial).toBeUndefined();
	});

	it('names the first active n8n 2.x workflow without its published version (activeVersionId but no activeVersion): not the full record', () => {
		const listed = { id: 'v2', active: true, activeVersionId: 'ver', nodes: [node(A, {})] };
		expect(
			readWorkflows([
				{ id: 'v1', active: true, nodes: [] },
				listed,
				{ id: 'off', active: false, activeVersionId: null, nodes: [] },
			]).partial,
		).toBe(1);
	});
});
