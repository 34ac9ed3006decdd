import { TRIGGER_NODE_TYPE } from '../../../../tooling/lib/examples';
import { claimsCredentialRef, claimsTableDdl, loadExactlyOnceExample } from '../../../../tooling/lib/queue/exactly-once-example';

type Connections = Record<string, { main: Array<Array<{ node: string }>> }>;

/** The node names reached from `from` by following the first output of each node. */
function path(connections: Connections, from: string): string[] {
	const names = [from];
	for (let next = connections[from]?.main[0]?.[0]?.node; next; next = connections[next]?.main[0]?.[0]?.node) names.push(next);
	return names;
}

describe('examples/queue-mode/payment-reaction-exactly-once.json', () => {
	const workflow = loadExactlyOnceExample();

	test('claims the event id before the receipt and marks it done after', () => {
		const trigger = workflow.nodes.find((node) => node.type === TRIGGER_NODE_TYPE)!;
		expect(path(workflow.connections as Connections, trigger.name)).toEqual([
			'Payment succeeded or failed',
			'Claim the event',
			'First run of this event?',
			'The event',
			'Outcome',
			'Receipt',
			'Mark the event done',
		]);
		const claim = workflow.nodes.find((node) => node.name === 'Claim the event')!;
		expect(claim.parameters.query).toMatch(/ON CONFLICT \(event_id\) DO NOTHING/);
		expect(claim.parameters.options).toEqual({ queryReplacement: '={{ $json.id }},{{ $json.type }},{{ $execution.id }}' });
	});

	test('its sticky note holds the table the claim needs, and its Postgres nodes share one credential', () => {
		expect(claimsTableDdl(workflow)).toMatch(/^CREATE TABLE IF NOT EXISTS edu_platform_events \(\n\s+event_id\s+text PRIMARY KEY,/);
		expect(claimsCredentialRef(workflow)).toEqual({ id: 'EduQueuePostgres', name: "n8n's Postgres (queue mode)" });
		const refs = workflow.nodes.filter((node) => node.type === 'n8n-nodes-base.postgres').map((node) => node.credentials?.postgres);
		expect(refs).toHaveLength(2);
		expect(new Set(refs.map((ref) => ref?.id))).toEqual(new Set(['EduQueuePostgres']));
	});
});
