// What the browser reports while the suite drives the editor: console errors and failed requests.
// Every one is kept; the suite fails on those that are not n8n's own known offline noise.
import type { BrowserContext, Request, Response } from 'playwright-core';

export interface Problem {
	kind: 'console' | 'pageerror' | 'requestfailed' | 'http';
	text: string;
	url?: string;
	/** Which test was running. */
	during: string;
}

/** n8n's own noise on a closed network, each with the reason it is not this package's. */
export interface Allowance {
	pattern: RegExp;
	reason: string;
}

const LOOPBACK = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

export class ProblemLog {
	readonly all: Problem[] = [];
	during = '(setup)';

	constructor(private readonly allowances: Allowance[]) {}

	watch(context: BrowserContext): void {
		context.on('console', (message) => {
			if (message.type() === 'error')
				this.add({ kind: 'console', text: message.text(), url: message.location().url });
		});
		context.on('weberror', (error) => this.add({ kind: 'pageerror', text: String(error.error()) }));
		context.on('requestfailed', (request: Request) =>
			this.add({
				kind: 'requestfailed',
				text: `${request.method()} ${request.failure()?.errorText ?? 'failed'}`,
				url: request.url(),
			}),
		);
		context.on('response', (response: Response) => {
			if (response.status() >= 400)
				this.add({
					kind: 'http',
					text: `${response.request().method()} ${response.status()}`,
					url: response.url(),
				});
		});
	}

	private add(problem: Omit<Problem, 'during'>): void {
		this.all.push({ ...problem, during: this.during });
	}

	/** Why a problem is not the package's, or undefined when it counts. */
	excuse(problem: Problem): string | undefined {
		// Only n8n and the sandbox run on this machine: n8n's editor looking things up on the
		// internet (e.g. the npm registry for a community package's details) cannot succeed here.
		if (problem.url && /^(https?|wss?):/.test(problem.url) && !LOOPBACK.test(problem.url))
			return 'off-machine request on a closed network';
		if (
			problem.kind === 'console' &&
			/ERR_CERT_AUTHORITY_INVALID|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/.test(
				problem.text,
			)
		) {
			return 'the console line of an off-machine request';
		}
		// Chromium cancels what is in flight when the page navigates away: not an answer at all.
		if (problem.kind === 'requestfailed' && /ERR_ABORTED/.test(problem.text))
			return 'cancelled by a navigation';
		const line = `${problem.text} ${problem.url ?? ''}`;
		return this.allowances.find((allowance) => allowance.pattern.test(line))?.reason;
	}

	/** The problems that count, one line each. */
	unexcused(): string[] {
		return this.all.filter((problem) => !this.excuse(problem)).map(format);
	}
}

export function format(problem: Problem): string {
	return `[${problem.during}] ${problem.kind}: ${problem.text}${problem.url ? ` (${problem.url})` : ''}`;
}
