/**
 * The one command-line reader of this repository's CLIs (the sandbox's, tooling/'s and bench/'s):
 * node:util `parseArgs`, strict. Flags come as `--flag value` or `--flag=value`; `--help` or `-h`
 * throws `HelpRequested` with the usage; a mistake (a flag the command does not take, a flag
 * without its value, a boolean flag given a value, an argument the command does not take) throws
 * the CLI's own usage error, naming it, followed by the usage text.
 *
 * It lives at the sandbox's root, not in tooling/: the sandbox is a standalone product that
 * tooling/ and bench/ build on, so all three import it downward; it imports nothing of theirs.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The flags a command takes, as parseArgs declares options: `{ port: { type: 'string' }, quiet: { type: 'boolean' } }`. */
export type Flags = NonNullable<ParseArgsConfig['options']>;

export interface ArgsSpec<F extends Flags> {
	flags: F;
	/** Printed for --help and after every mistake. */
	usage: string;
	/** The command takes arguments that are not flags (`sandbox:emit <type>`). */
	positionals?: boolean;
	/**
	 * Leave unknown flags and other arguments to another program, in order, as `rest`: for a
	 * wrapper (`npm test` passes them to jest). Only this command's own flags are checked.
	 */
	passRest?: boolean;
	/** Names the command for a flag it does not take: "--count does not go with --redeliver"; without it, "Unknown flag --count". */
	command?: string;
	/** The CLI's error class for a mistake (default Error). */
	error?: new (message: string) => Error;
}

/** `--help` or `-h`: its message is the usage, to print before exiting 0 (`printedHelp`). */
export class HelpRequested extends Error {}

type Parsed<F extends Flags> = ReturnType<
	typeof parseArgs<{ options: F; strict: true; allowPositionals: true; tokens: true }>
>;
type Token = Parsed<Flags>['tokens'][number];

export interface ReadArgs<F extends Flags> extends Parsed<F> {
	/** With `passRest`: the arguments that are not this command's, in order. */
	rest: string[];
}

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

export function readArgs<const F extends Flags>(
	argv: readonly string[],
	spec: ArgsSpec<F>,
): ReadArgs<F> {
	// A lenient pass first: it sees every argument, so a mistake is named in our words (not node's)
	// and a wrapper's foreign flags are told apart from its own.
	const { tokens } = parseArgs({
		args: argv,
		options: { ...spec.flags, ...HELP },
		strict: false,
		allowPositionals: true,
		tokens: true,
	});
	if (tokens.some(asksForHelp)) throw new HelpRequested(spec.usage);
	const mistake = tokens
		.map((token) => mistakeIn(token, spec))
		.find((found) => found !== undefined);
	if (mistake) throw new (spec.error ?? Error)(`${mistake}\n\n${spec.usage}`);

	const ours = new Set(
		tokens.flatMap((token) =>
			token.kind === 'option' && flagOf(spec, token.name) ? argumentsOf(token) : [],
		),
	);
	const own = spec.passRest ? argv.filter((_, index) => ours.has(index)) : argv;
	// The strict parse makes the same checks as the pass above, so it cannot throw here; it types the values.
	const parsed = parseArgs({
		args: own,
		options: spec.flags,
		strict: true,
		allowPositionals: spec.positionals ?? false,
		tokens: true,
	});
	return {
		...parsed,
		rest: spec.passRest ? argv.filter((_, index) => !ours.has(index)) : [],
	} as ReadArgs<F>;
}

/** --help or -h, also where a flag would take it for its value (`--redeliver --help`). */
function asksForHelp(token: Token): boolean {
	if (token.kind !== 'option') return false;
	return (
		token.name === 'help' ||
		(token.inlineValue === false && (token.value === '--help' || token.value === '-h'))
	);
}

// Own properties only: `--constructor` is no flag of any command.
function flagOf<F extends Flags>(spec: ArgsSpec<F>, name: string): Flags[string] | undefined {
	return Object.hasOwn(spec.flags, name) ? spec.flags[name] : undefined;
}

/** The argument indexes a flag token takes: its own, and its value's when that is the next argument. */
function argumentsOf(token: Token & { kind: 'option' }): number[] {
	return token.inlineValue === false ? [token.index, token.index + 1] : [token.index];
}

function mistakeIn<F extends Flags>(token: Token, spec: ArgsSpec<F>): string | undefined {
	if (token.kind === 'positional')
		return spec.positionals || spec.passRest ? undefined : `Unexpected argument "${token.value}".`;
	if (token.kind !== 'option') return undefined;
	const flag = flagOf(spec, token.name);
	if (!flag) {
		if (spec.passRest) return undefined;
		return spec.command
			? `${token.rawName} does not go with ${spec.command}.`
			: `Unknown flag ${token.rawName}.`;
	}
	if (flag.type === 'boolean')
		return token.value === undefined
			? undefined
			: `${token.rawName} takes no value; got "${token.value}".`;
	if (token.value === undefined) return `${token.rawName} needs a value.`;
	// What parseArgs calls ambiguous: the next argument looks like a flag (`--port --quiet`), so the value was likely forgotten.
	if (!token.inlineValue && token.value.length > 1 && token.value.startsWith('-')) {
		return `${token.rawName} needs a value; got the flag "${token.value}" (write ${token.rawName}=${token.value} for a value that starts with "-").`;
	}
	return undefined;
}

/** For a CLI's catch: prints the usage --help asked for and returns true (the CLI then ends with exit code 0), or false for any other error. */
export function printedHelp(error: unknown): boolean {
	if (!(error instanceof HelpRequested)) return false;
	console.log(error.message);
	return true;
}
