// Reads a regular-mode n8n's SQLite database while it runs (its durable scheduler's tables have no
// REST API): one read-only query through node:sqlite in the Node that runs n8n (22.13 or newer),
// so the tests need no sqlite3 package of their own.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const QUERY_SCRIPT = `
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1], { readOnly: true });
db.exec('PRAGMA busy_timeout = 5000');
process.stdout.write(JSON.stringify(db.prepare(process.argv[2]).all()));
`;

/** The rows of `sql` in the database of the n8n whose user folder is `userFolder`. */
export async function sqliteRows(
	nodeBinary: string,
	userFolder: string,
	sql: string,
): Promise<Array<Record<string, unknown>>> {
	const database = path.join(userFolder, '.n8n', 'database.sqlite');
	const { stdout } = await run(nodeBinary, ['--no-warnings', '-e', QUERY_SCRIPT, database, sql]);
	return JSON.parse(stdout) as Array<Record<string, unknown>>;
}
