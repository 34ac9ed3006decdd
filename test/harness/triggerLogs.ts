/**
 * Captures what nodes log through `this.logger` (n8n-core resolves it from the DI container as
 * @n8n/backend-common's Logger, both transitive dependencies of n8n-core), and keeps it off the
 * test output. Lets a test assert that a failure was logged, and that nothing secret was.
 *
 *   const logs = captureNodeLogs();   // in beforeAll / beforeEach
 *   logs.entries                      // [{ level, message, metadata }]
 *   logs.restore();                   // in afterAll / afterEach
 *   quietNodeLogs();                  // a file that only keeps them off its output
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface LogEntry {
	level: LogLevel;
	message: string;
	metadata?: unknown;
}

export function captureNodeLogs() {
	const original = Container.get(Logger);
	const entries: LogEntry[] = [];
	const record = (level: LogLevel) => (message: string, metadata?: unknown) => {
		entries.push({ level, message, metadata });
	};
	const recorder = {
		error: record('error'),
		warn: record('warn'),
		info: record('info'),
		debug: record('debug'),
		scoped: () => recorder,
	};
	Container.set(Logger, recorder as unknown as Logger);
	return {
		entries,
		/** Every entry as one string, for "contains / does not contain" checks. */
		text: () =>
			entries
				.map((entry) => `${entry.level} ${entry.message} ${JSON.stringify(entry.metadata ?? {})}`)
				.join('\n'),
		clear: () => {
			entries.length = 0;
		},
		restore: () => Container.set(Logger, original),
	};
}

/** Keeps what nodes log off this test file's output, for a file that asserts nothing about it. */
export function quietNodeLogs(): void {
	let logs: ReturnType<typeof captureNodeLogs>;
	beforeAll(() => {
		logs = captureNodeLogs();
	});
	afterAll(() => logs.restore());
}
