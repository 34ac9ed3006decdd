import { TRIGGER_NODE_TYPE } from '../../../../tooling/lib/examples';
import {
	claimsCredentialRef,
	claimsTableDdl,
	loadExactlyOnceExample,
} from '../../../../tooling/lib/queue/exactly-once-example';

type Connections = Record<string, { main: Array<Array<{ node: string }>> }>;

/** The node names reached from `from` by following the first output of each node. */
function path(connections: Connections, from: string): string[] {
	const names = [from];
	for (
		let next = connections[from]?.main[0]?.[0]?.node;
		next;
		next = connections[next]?.main[0]?.[0]?.node
	)
		names.push(next);
	return names;
}

describe('examples/queue-mode/payment-reaction-exactly-once.json', () => {
	const workflow = loadExactlyOnceExample();

	test('answers the platform when the run has finished, claims the event id before the receipt and marks it done after', () => {
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!;
		expect(trigger.parameters.responseMode).toBe('lastNode');
		expect(path(workflow.connections as Connections, trigger.name)).toEqual([
			'Payment succeeded or failed',
			'Claim the event',
			'Act on this event?',
			'The event',
			'Outcome',
			'Receipt',
			'Mark the event done',
		]);
		const claim = workflow.nodes.find((node) => node.name === 'Claim the event')!;
		expect(claim.parameters.query).toMatch(
			/ON CONFLICT \(event_id\) DO UPDATE\n.*\n\s+WHERE edu_platform_events.done_at IS NULL\n\s+AND edu_platform_events.claimed_at < now\(\) - interval '4 minutes'/,
		);
		expect(claim.parameters.options).toEqual({
			queryReplacement: '={{ $json.id }},{{ $json.type }},{{ $execution.id }}',
		});
	});

	test('a run that may not act: skipped when the event is done, failed (so the platform retries) while another run holds the claim', () => {
		const connections = workflow.connections as Connections;
		expect(connections['Act on this event?'].main[1][0].node).toBe('Done before?');
		expect(connections['Done before?'].main.map((branch) => branch[0].node)).toEqual([
			'Skip: done before',
			'Fail: still running elsewhere',
		]);
		expect(workflow.nodes.find((node) => node.name === 'Fail: still running elsewhere')?.type).toBe(
			'n8n-nodes-base.stopAndError',
		);
		// The claim goes stale after 4 minutes; no run of the workflow lasts longer than 2.
		expect(workflow.settings).toMatchObject({ executionTimeout: 120 });
	});

	test('its sticky note holds the table the claim needs, and its Postgres nodes share one credential', () => {
		expect(claimsTableDdl(workflow)).toMatch(
			/^CREATE TABLE IF NOT EXISTS edu_platform_events \(\n\s+event_id\s+text PRIMARY KEY,/,
		);
		expect(claimsCredentialRef(workflow)).toEqual({
			id: 'EduQueuePostgres',
			name: "n8n's Postgres (queue mode)",
		});
		const refs = workflow.nodes
			.filter((node) => node.type === 'n8n-nodes-base.postgres')
			.map((node) => node.credentials?.postgres);
		expect(refs).toHaveLength(2);
		expect(new Set(refs.map((ref) => ref?.id))).toEqual(new Set(['EduQueuePostgres']));
	});
});
