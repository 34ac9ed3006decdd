import path from 'node:path';

import { RUNTIMES } from '../../tooling/n8n-runtime/runtime';
import {
	DEFAULT_OWNER,
	START_USAGE,
	parseStartOptions,
	passwordProblem,
	startN8nSettings,
	userFolderFor,
} from '../../tooling/start-options';

describe('npm start options', () => {
	it('defaults to the sandbox on 4010, n8n on 5678, the documented owner and .n8n-demo/', () => {
		const options = parseStartOptions([], {});
		expect(options).toMatchObject({
			fresh: false,
			sandboxPort: 4010,
			n8nPort: 5678,
			owner: DEFAULT_OWNER,
			activateTriggers: true,
		});
		expect(path.basename(options.dataDir)).toBe('.n8n-demo');
	});

	it('takes ports, fresh and owner from the environment', () => {
		const options = parseStartOptions([], {
			DEMO_FRESH: '1',
			SANDBOX_PORT: '4011',
			DEMO_N8N_PORT: '5679',
			DEMO_OWNER_EMAIL: 'me@school.example',
			DEMO_OWNER_PASSWORD: 'Another-pass9',
		});
		expect(options).toMatchObject({ fresh: true, sandboxPort: 4011, n8nPort: 5679 });
		expect(options.owner).toMatchObject({ email: 'me@school.example', password: 'Another-pass9' });
	});

	it('lets flags win over the environment', () => {
		const options = parseStartOptions(
			['--fresh', '--n8n-port', '6000', '--sandbox-port=4020', '--no-activate'],
			{ DEMO_N8N_PORT: '5679' },
		);
		expect(options).toMatchObject({
			fresh: true,
			n8nPort: 6000,
			sandboxPort: 4020,
			activateTriggers: false,
		});
	});

	it('turns on queue mode with --queue or DEMO_QUEUE, on n8n 2.41 only', () => {
		expect(parseStartOptions([], {}).queue).toBe(false);
		expect(parseStartOptions(['--queue'], {}).queue).toBe(true);
		expect(parseStartOptions([], { DEMO_QUEUE: '1' }).queue).toBe(true);
		expect(parseStartOptions(['--queue', '--n8n-version', '2'], {}).runtime).toBe(RUNTIMES['2']);
		expect(() => parseStartOptions(['--queue', '--n8n-version', '1'], {})).toThrow(
			'Queue mode runs on n8n 2.41 only, not --n8n-version 1',
		);
		expect(() => parseStartOptions(['--queue'], { DEMO_N8N_VERSION: 'floor' })).toThrow(
			'Queue mode runs on n8n 2.41 only, not --n8n-version floor',
		);
	});

	it("runs several mains (n8n's multi-main setup) with --mains N or DEMO_MAINS, in queue mode only, 1 main by default", () => {
		expect(parseStartOptions(['--queue'], {}).mains).toBe(1);
		expect(parseStartOptions(['--queue', '--mains', '2'], {}).mains).toBe(2);
		expect(parseStartOptions(['--queue'], { DEMO_MAINS: '3' }).mains).toBe(3);
		expect(parseStartOptions(['--queue', '--mains', '2'], { DEMO_MAINS: '3' }).mains).toBe(2);
		expect(() => parseStartOptions(['--mains', '2'], {})).toThrow(
			'Several mains (--mains 2) run in queue mode only: add --queue (DEMO_QUEUE=1).',
		);
		expect(() => parseStartOptions(['--queue', '--mains', '0'], {})).toThrow(
			'--mains must be a number of main processes from 1 to 3; got "0".',
		);
		expect(() => parseStartOptions(['--queue'], { DEMO_MAINS: 'two' })).toThrow(
			'DEMO_MAINS must be a number of main processes from 1 to 3; got "two".',
		);
		expect(START_USAGE).toContain('for development and\n                       testing only');
	});

	it('runs n8n 2.41 unless --n8n-version or DEMO_N8N_VERSION picks another line, each with its own data folder', () => {
		expect(parseStartOptions([], {}).runtime).toBe(RUNTIMES['2']);
		expect(parseStartOptions(['--n8n-version', '1'], {}).runtime).toBe(RUNTIMES['1']);
		expect(parseStartOptions(['--n8n-version=2'], { DEMO_N8N_VERSION: '1' }).runtime).toBe(
			RUNTIMES['2'],
		);
		expect(parseStartOptions([], { DEMO_N8N_VERSION: 'floor' }).runtime).toBe(RUNTIMES.floor);
		expect(userFolderFor({ dataDir: '/d', runtime: RUNTIMES['2'] })).toBe('/d/n8n');
		expect(userFolderFor({ dataDir: '/d', runtime: RUNTIMES['1'] })).toBe('/d/n8n-1');
		expect(() => parseStartOptions(['--n8n-version', '3'], {})).toThrow(
			'--n8n-version must be one of 2, 1, floor; got "3".',
		);
	});

	it('takes n8n settings from repeated --n8n-env NAME=VALUE flags, none by default', () => {
		expect(parseStartOptions([], {}).n8nEnv).toEqual({});
		const options = parseStartOptions(
			[
				'--n8n-env',
				'N8N_METRICS=true',
				'--n8n-env=N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=false',
				'--n8n-env',
				'N8N_METRICS=false',
			],
			{},
		);
		expect(options.n8nEnv).toEqual({
			N8N_METRICS: 'false',
			N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'false',
		});
		expect(() => parseStartOptions(['--n8n-env', 'lazy'], {})).toThrow(
			'--n8n-env takes NAME=VALUE with an upper-case NAME, e.g. N8N_LOG_LEVEL=debug; got "lazy".',
		);
		expect(() => parseStartOptions(['--n8n-env'], {})).toThrow('--n8n-env needs a value.');
	});

	it("runs every n8n 2.x process, queue mode's webhook processes included, with lazy isolate acquisition and a pool of 8 isolates (docs/performance.md), and 1.x with its defaults", () => {
		const recommended = [
			{ name: 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE', value: 'true', source: 'recommended' },
			{ name: 'N8N_EXPRESSION_ENGINE_POOL_SIZE', value: '8', source: 'recommended' },
		];
		expect(startN8nSettings(parseStartOptions([], {}))).toEqual(recommended);
		expect(startN8nSettings(parseStartOptions(['--queue'], {}))).toEqual(recommended);
		expect(startN8nSettings(parseStartOptions(['--n8n-version', '1'], {}))).toEqual([]);
		expect(
			startN8nSettings(parseStartOptions(['--n8n-env', 'N8N_EXPRESSION_ENGINE_POOL_SIZE=1'], {})),
		).toEqual([
			recommended[0],
			{ name: 'N8N_EXPRESSION_ENGINE_POOL_SIZE', value: '1', source: '--n8n-env' },
		]);
	});

	it('rejects mistakes with a message that says what to fix', () => {
		expect(() => parseStartOptions(['--n8n-port', 'abc'], {})).toThrow(
			'--n8n-port must be a port number from 1 to 65535; got "abc".',
		);
		expect(() => parseStartOptions(['--frsh'], {})).toThrow(
			'Unknown flag --frsh.\n\nUsage: npm start',
		);
		expect(() => parseStartOptions(['--sandbox-port', '5678'], {})).toThrow(
			'cannot both use port 5678',
		);
		expect(() => parseStartOptions([], { DEMO_OWNER_PASSWORD: 'short' })).toThrow(
			'DEMO_OWNER_PASSWORD must be 8 to 64 characters long',
		);
		expect(() => parseStartOptions([], { DEMO_OWNER_EMAIL: 'nobody' })).toThrow(
			'DEMO_OWNER_EMAIL "nobody" is not an email address.',
		);
	});

	it("applies n8n's password rules", () => {
		expect(passwordProblem(DEFAULT_OWNER.password)).toBeUndefined();
		expect(passwordProblem('alllowercase1')).toBe('must contain at least one capital letter');
		expect(passwordProblem('NoNumbersHere')).toBe('must contain at least one number');
	});
});
