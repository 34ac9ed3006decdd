// sandbox/cli/emit.ts: its amount summary, then `npm run sandbox:emit` as a user runs it (a separate
// process talking to a running sandbox).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { formatMinorUnits } from '../../../sandbox/cli/emit';
import { EVENT_TYPES } from '../../../sandbox/schemas/events';
import { apiClient } from '../webhooks/helpers/api';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';

const root = path.resolve(__dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function runEmit(
	args: string[],
	env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		execFile(
			tsx,
			['sandbox/cli/emit.ts', ...args],
			{ cwd: root, env: { ...process.env, ...env }, timeout: 30_000 },
			(error, stdout, stderr) => {
				resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
			},
		);
	});
}

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise((resolve) => server.close(resolve));
	return port;
}

/** `npm run sandbox` in its own process, on a free port; resolves once it prints its URL. */
function spawnSandbox(): Promise<{ process: ChildProcess; baseUrl: string; port: number }> {
	const child = spawn(tsx, ['sandbox/cli/serve.ts', '--port', '0', '--students', '30', '--quiet'], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	return new Promise((resolve, reject) => {
		let output = '';
		const onData = (chunk: Buffer) => {
			output += chunk.toString();
			const match = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
			if (match) resolve({ process: child, baseUrl: match[1], port: Number(match[2]) });
		};
		child.stdout!.on('data', onData);
		child.stderr!.on('data', onData);
		child.on('exit', (code) =>
			reject(new Error(`The sandbox exited (${code}) before listening:\n${output}`)),
		);
	});
}

jest.setTimeout(60_000);

describe('sandbox:emit CLI', () => {
	let sandbox: Awaited<ReturnType<typeof spawnSandbox>>;
	let receiver: Receiver;

	beforeAll(async () => {
		[sandbox, receiver] = await Promise.all([spawnSandbox(), startReceiver()]);
	});

	afterAll(async () => {
		const exited = new Promise((resolve) => sandbox.process.once('exit', resolve));
		sandbox.process.kill('SIGTERM');
		await exited;
		await receiver.close();
	});

	it('emits events with overrides, says where they were queued, and they get delivered', async () => {
		const { id } = (
			await apiClient(sandbox.baseUrl)('POST', '/v1/webhooks', {
				url: receiver.url,
				events: ['payment.succeeded'],
			})
		).body.data;
		const result = await runEmit([
			'payment.succeeded',
			'--count',
			'2',
			'--data',
			'{"currency":"EUR","amount":990}',
			'--base-url',
			sandbox.baseUrl,
		]);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		const lines = result.stdout.trim().split('\n');
		expect(lines).toHaveLength(2);
		for (const line of lines)
			expect(line).toMatch(
				new RegExp(
					`^evt_\\w{20}  payment\\.succeeded  .+ · 9\\.90 EUR \\(990 minor units\\) · succeeded  → queued for ${id}$`,
				),
			);

		const delivered = await receiver.waitFor(2);
		expect(delivered.map((d) => d.headers['webhook-id'])).toEqual(
			lines.map((line) => line.slice(0, 24)),
		);
	});

	it('finds the sandbox through SANDBOX_PORT and prints JSON with --json', async () => {
		const result = await runEmit(['exam_result.published', '--json'], {
			SANDBOX_PORT: String(sandbox.port),
		});
		expect(result.code).toBe(0);
		const [emitted] = JSON.parse(result.stdout);
		expect(emitted.event).toMatchObject({
			type: 'exam_result.published',
			data: { exam: expect.any(Object) },
		});
	});

	it('lists the valid types when the type is unknown', async () => {
		const result = await runEmit(['payment.pending', '--base-url', sandbox.baseUrl]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('Unknown event type "payment.pending"');
		for (const type of EVENT_TYPES) expect(result.stderr).toContain(type);
	});

	it('says to start the sandbox when none is running', async () => {
		const result = await runEmit([
			'payment.failed',
			'--base-url',
			`http://127.0.0.1:${await closedPort()}`,
		]);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(
			/No sandbox is running at http:\/\/127\.0\.0\.1:\d+\. Start one with `npm run sandbox`/,
		);
	});

	it('explains bad options and what the sandbox refused', async () => {
		const badJson = await runEmit([
			'payment.failed',
			'--data',
			'{amount: 1}',
			'--base-url',
			sandbox.baseUrl,
		]);
		expect(badJson.code).toBe(1);
		expect(badJson.stderr).toContain('--data must be a JSON object');
		const refused = await runEmit([
			'payment.failed',
			'--data',
			'{"student_id": 987654}',
			'--base-url',
			sandbox.baseUrl,
		]);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain('data.student_id: No student with ID 987654.');
		const noType = await runEmit([]);
		expect(noType.code).toBe(1);
		expect(noType.stderr).toContain('Usage: npm run sandbox:emit');
	});
});

describe('sandbox:emit flags', () => {
	it('prints the usage on --help and exits 0, for emit and for --redeliver', async () => {
		const help = await runEmit(['--help']);
		expect(help).toMatchObject({ code: 0, stderr: '' });
		expect(help.stdout).toContain('Usage: npm run sandbox:emit -- <type> [--count N]');
		const redeliverHelp = await runEmit(['--redeliver', '-h']);
		expect(redeliverHelp).toMatchObject({ code: 0, stderr: '' });
		expect(redeliverHelp.stdout).toContain(
			'Usage: npm run sandbox:emit -- --redeliver <evt_… or dlv_…>',
		);
	});

	it('names a flag it does not take, then the usage, and exits 1', async () => {
		const result = await runEmit(['payment.failed', '--colour', 'red']);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toContain('Unknown flag --colour.\n\nUsage: npm run sandbox:emit');
	});
});

describe('sandbox:emit amount summary', () => {
	it('shows minor units as the currency amount a person reads, keeping the raw value', () => {
		expect(formatMinorUnits(3500, 'USD')).toBe('35.00 USD (3500 minor units)');
		expect(formatMinorUnits(125000, 'EUR')).toBe('1250.00 EUR (125000 minor units)');
	});

	it('knows currencies without minor units and with three decimals', () => {
		expect(formatMinorUnits(3500, 'JPY')).toBe('3500 JPY');
		expect(formatMinorUnits(1500, 'KWD')).toBe('1.500 KWD (1500 minor units)');
	});

	it('falls back to the raw value for a code Intl does not accept', () => {
		expect(formatMinorUnits(10, 'not-a-currency')).toBe('10 minor units of not-a-currency');
	});
});
