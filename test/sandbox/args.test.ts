// sandbox/args.ts: the one argument reader of every CLI, with node:util's real parseArgs underneath.
// printedHelp is run for real by the CLIs' tests (test/sandbox/cli/emit.test.ts).
import { HelpRequested, readArgs } from '../../sandbox/args';

const USAGE = 'Usage: demo [--port N] [--quiet] [--tag T]…';
const FLAGS = {
	port: { type: 'string' },
	quiet: { type: 'boolean' },
	tag: { type: 'string', multiple: true },
} as const;

class DemoUsageError extends Error {}

const read = (argv: string[]) =>
	readArgs(argv, { flags: FLAGS, usage: USAGE, error: DemoUsageError });

describe('readArgs', () => {
	it('reads --flag value and --flag=value, booleans, and repeated flags in order', () => {
		expect(read(['--port', '4010', '--quiet', '--tag=a', '--tag', 'b=c']).values).toEqual({
			port: '4010',
			quiet: true,
			tag: ['a', 'b=c'],
		});
		expect(read(['--port=', '--port', '1']).values.port).toBe('1');
		expect(read(['--port=-1']).values.port).toBe('-1');
		expect(read([]).values).toEqual({});
	});

	it('gives the tokens in the order given', () => {
		const names = read(['--quiet', '--port', '1', '--quiet']).tokens.map((token) =>
			token.kind === 'option' ? token.name : token.kind,
		);
		expect(names).toEqual(['quiet', 'port', 'quiet']);
	});

	it.each([
		[['--colour', 'red'], 'Unknown flag --colour.'],
		[['-x'], 'Unknown flag -x.'],
		[['--constructor'], 'Unknown flag --constructor.'],
		[['--port'], '--port needs a value.'],
		[
			['--port', '--quiet'],
			'--port needs a value; got the flag "--quiet" (write --port=--quiet for a value that starts with "-").',
		],
		[['--quiet=no'], '--quiet takes no value; got "no".'],
		[['4010'], 'Unexpected argument "4010".'],
	])('refuses %j with the CLI’s error naming the mistake, then the usage', (argv, message) => {
		expect(() => read(argv)).toThrow(DemoUsageError);
		expect(() => read(argv)).toThrow(`${message}\n\n${USAGE}`);
	});

	it('throws a plain Error without an error class, and names the command for a flag it does not take', () => {
		expect(() => readArgs(['--count', '2'], { flags: FLAGS, usage: USAGE })).toThrow(
			new Error(`Unknown flag --count.\n\n${USAGE}`),
		);
		expect(() =>
			readArgs(['--count', '2'], { flags: FLAGS, usage: USAGE, command: '--redeliver' }),
		).toThrow('--count does not go with --redeliver.');
	});

	it('answers --help and -h, wherever they stand and before any mistake, with the usage', () => {
		for (const argv of [
			['--help'],
			['-h'],
			['--port', '1', '-h'],
			['--colour', '--help'],
			['--port', '--help'],
		]) {
			expect(() => read(argv)).toThrow(HelpRequested);
			expect(() => read(argv)).toThrow(USAGE);
		}
	});

	it('takes arguments that are not flags only when the command does', () => {
		const { positionals, values } = readArgs(['payment.succeeded', '--port', '1', 'more'], {
			flags: FLAGS,
			usage: USAGE,
			positionals: true,
		});
		expect(positionals).toEqual(['payment.succeeded', 'more']);
		expect(values.port).toBe('1');
	});

	it('with passRest, checks only its own flags and passes every other argument on, in order', () => {
		const argv = [
			'--ci',
			'--port',
			'1',
			'-t',
			'lists all',
			'--quiet',
			'--maxWorkers=2',
			'--',
			'--port',
		];
		const { values, rest } = readArgs(argv, { flags: FLAGS, usage: USAGE, passRest: true });
		expect(values).toEqual({ port: '1', quiet: true });
		expect(rest).toEqual(['--ci', '-t', 'lists all', '--maxWorkers=2', '--', '--port']);
		expect(() =>
			readArgs(['--ci', '--port'], { flags: FLAGS, usage: USAGE, passRest: true }),
		).toThrow('--port needs a value.');
		expect(readArgs(['--port', '1'], { flags: FLAGS, usage: USAGE }).rest).toEqual([]);
	});
});
