// examples/queue-mode/payment-reaction-exactly-once.json: the payment example for queue mode, whose
// atomic claim on the event id needs a Postgres credential and a table created once. Used by
// `npm start -- --queue` (which sets both up in the queue's own database) and the queue suite.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { EXAMPLES_DIR, type WorkflowJson } from '../examples';
import type { N8nCli } from '../n8n-cli';
import type { QueueTopology } from './topology';

export const EXACTLY_ONCE_EXAMPLE = path.join(
	EXAMPLES_DIR,
	'queue-mode',
	'payment-reaction-exactly-once.json',
);

export function loadExactlyOnceExample(): WorkflowJson {
	return JSON.parse(readFileSync(EXACTLY_ONCE_EXAMPLE, 'utf8')) as WorkflowJson;
}

/** The credential the example's Postgres nodes reference (its id and name). */
export function claimsCredentialRef(workflow: WorkflowJson = loadExactlyOnceExample()): {
	id: string;
	name: string;
} {
	const ref = workflow.nodes.find((node) => node.credentials?.postgres)?.credentials?.postgres;
	if (!ref) throw new Error(`${EXACTLY_ONCE_EXAMPLE} has no Postgres node`);
	return ref;
}

/** The example's one-time set-up: the `CREATE TABLE` in its "Set up once" sticky note. */
export function claimsTableDdl(workflow: WorkflowJson = loadExactlyOnceExample()): string {
	const note = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote');
	const ddl = /```sql\n([\s\S]*?)```/.exec(String(note?.parameters.content ?? ''))?.[1];
	if (!ddl) throw new Error(`${EXACTLY_ONCE_EXAMPLE} has no CREATE TABLE in its sticky note`);
	return ddl;
}

/** Imports the example (inactive) with its Postgres credential, and creates its table. */
export async function seedExactlyOnceExample(
	cli: N8nCli,
	topology: QueueTopology,
): Promise<string> {
	const workflow = loadExactlyOnceExample();
	const ref = claimsCredentialRef(workflow);
	await cli.importCredentials([topology.postgresCredential(ref.id, ref.name)]);
	await topology.sql(claimsTableDdl(workflow));
	await cli.importWorkflows([{ ...workflow, active: false }]);
	return workflow.name;
}
