// The polling trigger under n8n 2.41's durable scheduler with main killed mid-poll (issue 46), in
// one process (test/e2e/durable-scheduler.test.ts) and in queue mode (test/e2e-queue/): changes
// made on the platform all along, a poll's request held by the platform so that the kill lands
// while the poll waits for it, and the trigger's items counted against the changes.
import type { SandboxState } from '../../../sandbox/index';
import { untilCounted } from './progress';
import { isFinished, itemsOf, runsFor, type RunSource } from './runs';
import { POLLING_TRIGGER_NODE } from './workflows';

/**
 * The durable scheduler for poll triggers, with durable cursors (docs/polling-trigger.md). The
 * lease (60 s by default) stays above N8N_SCHEDULER_POLL_TIMEOUT (45 s: n8n warns otherwise) and
 * the reaper looks every 5 s instead of 30, so a killed poll is taken over within about a minute.
 */
export const DURABLE_POLL_ENV: NodeJS.ProcessEnv = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_LEASE_DURATION: '50',
	N8N_SCHEDULER_REAPER_INTERVAL: '5',
};

/** One occurrence of a workflow's poll job, as n8n's scheduler stores it. */
export interface PollTask {
	id: number;
	status: string;
	/** How often it was taken over after its lease expired. */
	attempts: number;
	leaseEpoch: number;
	/** When it was due, started and finished (ms since the epoch; NaN: not yet). */
	scheduledFor: number;
	startedAt: number;
	finishedAt: number;
}

/** A timestamp as SQLite ("2026-11-21 10:00:00.000", UTC) or psql ("… 10:00:00+00") prints it. */
export function databaseTime(text: string): number {
	const iso = text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
	return Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso}Z`);
}

const TASK_COLUMNS = [
	'id',
	'status',
	'attempts',
	'leaseEpoch',
	'scheduledFor',
	'startedAt',
	'finishedAt',
] as const;

/** The SQL (SQLite and Postgres alike) listing a workflow's poll occurrences, oldest first. */
export function pollTasksSql(workflowId: string): string {
	const columns = TASK_COLUMNS.map((column) => `t."${column}"`).join(', ');
	return `select ${columns} from scheduled_task t join scheduled_job j on j.id = t."jobId" where j."ownerId" = '${workflowId}' order by t.id`;
}

/** Rows of `pollTasksSql` as psql prints them (columns in order, all text) → tasks. */
export function pollTasksFromColumns(rows: string[][]): PollTask[] {
	return toPollTasks(
		rows.map((row) =>
			Object.fromEntries(TASK_COLUMNS.map((column, index) => [column, row[index]])),
		),
	);
}

/** The SQL of a workflow's poller_state row: its position and n8n's failure backoff. */
export function pollerStateSql(workflowId: string): string {
	return `select cursor, "consecutiveErrors", "backoffUntil" from poller_state where "workflowId" = '${workflowId}'`;
}

/** Rows of `pollTasksSql` as records (SQLite) → tasks. */
export function toPollTasks(rows: Array<Record<string, unknown>>): PollTask[] {
	return rows.map((row) => ({
		id: Number(row.id),
		status: String(row.status),
		attempts: Number(row.attempts),
		leaseEpoch: Number(row.leaseEpoch),
		scheduledFor: databaseTime(String(row.scheduledFor)),
		startedAt: databaseTime(String(row.startedAt ?? '')),
		finishedAt: databaseTime(String(row.finishedAt ?? '')),
	}));
}

/** A change the platform made: the version of one record the trigger must emit once. */
export const changeKey = (id: unknown, updatedAt: unknown) => `${String(id)}@${String(updatedAt)}`;

/**
 * Changes students on the platform every `everyMs` until stopped: a new student, then an existing
 * one changed, in turn; no student changes twice, so each change is one item of the trigger.
 */
export class ContinuousChanges {
	readonly made: string[] = [];
	/** When each change in `made` was made (its updated_at, ms since the epoch). */
	readonly madeAt: number[] = [];
	private timer?: NodeJS.Timeout;
	private nextExisting = 1;

	constructor(private readonly state: SandboxState) {}

	start(everyMs: number): void {
		this.timer = setInterval(() => this.change(), everyMs);
	}

	stop(): void {
		clearInterval(this.timer);
	}

	private change(): void {
		const student =
			this.made.length % 2 === 0
				? this.state.students.create({
						first_name: 'Durable',
						last_name: `Poll ${this.made.length}`,
					})
				: this.state.students.update(this.nextExisting++, {
						last_name: `Changed ${this.made.length}`,
					});
		if (!student) return;
		this.made.push(changeKey(student.id, student.updated_at));
		this.madeAt.push(Date.parse(student.updated_at));
	}
}

export interface ChangeCount {
	made: number;
	/** Changes never emitted. */
	missed: string[];
	/** Changes emitted more than once, with how often. */
	repeated: Array<[string, number]>;
	/** Items that are no change the test made. */
	unknown: string[];
}

/** The trigger's items (their `id@updated_at`) against the changes made; `known`: all changes made, when `made` is a part. */
export function countChanges(
	made: readonly string[],
	emitted: readonly string[],
	known: readonly string[] = made,
): ChangeCount {
	const times = new Map<string, number>();
	for (const key of emitted) times.set(key, (times.get(key) ?? 0) + 1);
	const wanted = new Set(known);
	return {
		made: made.length,
		missed: made.filter((key) => !times.has(key)),
		repeated: [...times].filter(([key, count]) => count > 1 && made.includes(key)),
		unknown: [...times.keys()].filter((key) => !wanted.has(key)),
	};
}

/**
 * Makes the platform hold every list request to `path` for `delayMs` from now on, and resolves once
 * a poll's request has arrived and is being held (the fault rule matched it): the moment to kill n8n.
 */
export async function holdNextPollRequest(
	state: SandboxState,
	path: string,
	delayMs: number,
): Promise<() => void> {
	const rule = state.faults.add({
		id: 'hold-poll',
		path,
		method: 'GET',
		fault: { type: 'delay', ms: delayMs },
	});
	await untilCounted(
		`a poll's request to ${path} held by the platform`,
		async () => {
			const matched = state.faults.list().find((each) => each.id === rule.id)?.matched ?? 0;
			return { seen: matched, of: 1, done: matched > 0 ? true : undefined };
		},
		{ stallMs: 150_000 },
	);
	return () => state.faults.remove(rule.id);
}

/** What the trigger emitted in the workflow's finished runs (`id@updated_at` per item, and per run), and whether any run is unfinished. */
export async function emittedChanges(
	n8n: RunSource,
	workflowId: string,
): Promise<{
	keys: string[];
	perRun: Array<{ id: string; keys: string[] }>;
	runs: number;
	unfinished: number;
}> {
	const executions = await n8n.rest.executions(workflowId);
	const finished = executions.filter(isFinished);
	const perRun = (await runsFor(n8n, finished))
		.map((run) => ({
			id: run.id,
			keys: itemsOf(run, POLLING_TRIGGER_NODE).map((item) => changeKey(item.id, item.updated_at)),
		}))
		.sort((a, b) => Number(a.id) - Number(b.id));
	return {
		keys: perRun.flatMap((run) => run.keys),
		perRun,
		runs: finished.length,
		unfinished: executions.length - finished.length,
	};
}

/**
 * Resolves (with the time) once every change in `made` is among the trigger's items and no run is
 * unfinished. The wait follows the runs: it fails after two and a half minutes (more than two
 * one-minute polls) in which no run started or finished.
 */
export async function untilAllEmitted(
	n8n: RunSource,
	workflowId: string,
	made: readonly string[],
): Promise<number> {
	return await untilCounted(
		`all ${made.length} changes emitted`,
		async () => {
			const { keys, runs, unfinished } = await emittedChanges(n8n, workflowId);
			const found = new Set(keys);
			const seen = made.filter((key) => found.has(key)).length;
			return {
				seen,
				of: made.length,
				done: seen === made.length && unfinished === 0 ? Date.now() : undefined,
				activity: runs,
			};
		},
		{ stallMs: 150_000 },
	);
}

/** The occurrences and the runs with their first and last change, oldest first: where a repeat or a miss came from. */
async function timelineOf(
	n8n: RunSource,
	workflowId: string,
	tasks: PollTask[],
): Promise<string[]> {
	const { perRun } = await emittedChanges(n8n, workflowId);
	return [
		...tasks.map(
			(task) =>
				`occurrence ${task.id} due ${new Date(task.scheduledFor).toISOString()}: ${task.status}, ${task.attempts} take-over(s)`,
		),
		...perRun.map(
			(run) =>
				`run ${run.id}: ${run.keys.length} items, ${run.keys[0]} … ${run.keys[run.keys.length - 1]}`,
		),
	];
}

/**
 * The count of `made` among the trigger's items once all came out and a poll due after that has
 * run: a repeat would come from a later poll, so the count waits for one.
 */
export async function settledCount(
	n8n: RunSource,
	workflowId: string,
	made: readonly string[],
	tasks: () => Promise<PollTask[]>,
	known: readonly string[] = made,
): Promise<ChangeCount> {
	try {
		const allOut = await untilAllEmitted(n8n, workflowId, made);
		await untilCounted(
			`a poll of ${workflowId} due after every change was out`,
			async () => {
				const later = (await tasks()).filter((task) => task.scheduledFor > allOut);
				return {
					seen: later.length,
					done: later.some((task) => task.status === 'succeeded') ? true : undefined,
					activity: later,
				};
			},
			{ stallMs: 150_000 },
		);
	} catch (error) {
		// Where it stopped: the polls n8n had due and what each run emitted.
		const timeline = await tasks()
			.then(async (all) => await timelineOf(n8n, workflowId, all))
			.catch((reading: unknown) => [`(no timeline: ${String(reading)})`]);
		throw new Error(`${(error as Error).message}\n${timeline.join('\n')}`);
	}
	// Read again until n8n answers: main may be down for another case's kill at this moment.
	const { keys } = await untilCounted(`the runs of ${workflowId} once more`, async () => ({
		seen: 0,
		done: await emittedChanges(n8n, workflowId),
	}));
	return countChanges(made, keys, known);
}

/** What the kill scenario needs of one n8n set-up (one process, or queue mode). */
export interface KillScenario {
	platform: SandboxState;
	/** Main's REST API (through the load balancer in queue mode). */
	n8n: RunSource;
	workflowId: string;
	/** The workflow's poll occurrences. */
	tasks(): Promise<PollTask[]>;
	killMain(): Promise<void>;
	startMain(): Promise<void>;
	/** Everything main logged, across its restarts. */
	mainLog(): string;
	/** n8n's state of the trigger (its poller_state row), for a failure's message. */
	pollerState(): Promise<string>;
	/** Publishes the workflow once changes are being made, when it is not published yet. */
	publish?(): Promise<void>;
}

export interface KillReport {
	/** The changes made after the trigger's first poll (all of them when it was published before). */
	count: ChangeCount;
	/**
	 * The changes made after publishing and before the trigger's first scheduled poll, and how many of
	 * them were emitted: with durable cursors that poll, not the publishing, sets the start.
	 */
	beforeFirstPoll: { made: number; emitted: number };
	/** The occurrence main was running when it was killed, once n8n had dealt with it. */
	killedTask: PollTask;
	/** Polls the trigger skipped: its previous poll was still running, or one had just emitted from the same position. */
	skipped: { running: number; repeat: number };
	/** Polls n8n abandoned at N8N_SCHEDULER_POLL_TIMEOUT. */
	abandoned: number;
	/** Seconds: main killed → main ready again → the killed occurrence done. */
	restartSeconds: number;
	takeOverSeconds: number;
	/** The occurrences and the runs with their first and last change, oldest first: where a repeat or a miss came from. */
	timeline: string[];
}

const LIST_PATH = '/v1/students';
const count = (log: string, text: string) => log.split(text).length - 1;

/** The polls the trigger's guard skipped, by reason, in what n8n logged. */
export function guardSkips(log: string): { running: number; repeat: number } {
	return {
		running: count(log, 'the previous poll is still running'),
		repeat: count(log, 'already emitted from'),
	};
}

/**
 * Changes made every 2 s; once the trigger has emitted, the next poll's first request is held by
 * the platform and main is killed (SIGKILL) while it waits, then started again. The changes go on
 * until n8n has dealt with the killed occurrence; then every change must come out, and a poll that
 * ran after the last one came out shows whether any came out again.
 */
export async function killMidPoll(scenario: KillScenario): Promise<KillReport> {
	const changes = new ContinuousChanges(scenario.platform);
	changes.start(2_000);
	try {
		return await killAndCount(scenario, changes);
	} catch (error) {
		// What the trigger logged (skipped and cut-short polls) beside where the wait stopped.
		const logged = scenario
			.mainLog()
			.split('\n')
			.filter((line) => line.includes('Education Platform Polling Trigger'));
		const state = await scenario
			.pollerState()
			.catch((reading: unknown) => `(no poller_state: ${String(reading)})`);
		throw new Error(`${(error as Error).message}\n${logged.join('\n')}\npoller_state: ${state}`);
	} finally {
		changes.stop();
	}
}

async function killAndCount(
	scenario: KillScenario,
	changes: ContinuousChanges,
): Promise<KillReport> {
	const { platform, n8n, workflowId } = scenario;
	await scenario.publish?.();
	const publishedAt = Date.now();
	await untilCounted(
		'the trigger emitting a first change',
		async () => {
			const { keys, runs } = await emittedChanges(n8n, workflowId);
			return { seen: keys.length, done: keys.length > 0 ? true : undefined, activity: runs };
		},
		{ stallMs: 150_000 },
	);
	const release = await holdNextPollRequest(platform, LIST_PATH, 20_000);
	const killedAt = Date.now();
	const running = (await scenario.tasks()).filter((task) => task.status === 'running');
	await scenario.killMain();
	release();
	if (running.length !== 1)
		throw new Error(
			`expected one running poll occurrence at the kill, found ${JSON.stringify(running)}`,
		);
	await scenario.startMain();
	const readyAt = Date.now();
	const killedTask = await untilCounted(
		`occurrence ${running[0].id}, killed mid-poll, taken over and done`,
		async () => {
			const task = (await scenario.tasks()).find((each) => each.id === running[0].id);
			const done =
				task && task.attempts > 0 && !['pending', 'running'].includes(task.status)
					? task
					: undefined;
			return { seen: task?.attempts ?? 0, done, activity: task };
		},
		{ stallMs: 150_000 },
	);
	const takenOverAt = Date.now();
	changes.stop();

	// With a publish, the changes until the first poll started are before the start; one made while it ran may be either.
	const [first] = await scenario.tasks();
	const before = scenario.publish
		? changes.made.filter(
				(_, i) => changes.madeAt[i] > publishedAt && changes.madeAt[i] < first.startedAt,
			)
		: [];
	const after = changes.made.filter(
		(_, i) => !scenario.publish || changes.madeAt[i] > first.finishedAt,
	);
	const settled = await settledCount(n8n, workflowId, after, scenario.tasks, changes.made);
	const emitted = new Set((await emittedChanges(n8n, workflowId)).keys);
	const log = scenario.mainLog();
	return {
		count: settled,
		beforeFirstPoll: {
			made: before.length,
			emitted: before.filter((key) => emitted.has(key)).length,
		},
		killedTask,
		skipped: guardSkips(log),
		abandoned: count(log, 'Poll exceeded its timeout and was abandoned'),
		restartSeconds: Math.round((readyAt - killedAt) / 1000),
		takeOverSeconds: Math.round((takenOverAt - readyAt) / 1000),
		timeline: await timelineOf(n8n, workflowId, await scenario.tasks()),
	};
}

/** The report as the test prints it. */
export function describeKill(setup: string, report: KillReport): string {
	const { count: c } = report;
	return [
		`${setup}: ${c.made} changes, ${c.missed.length} missed, ${c.repeated.length} emitted more than once, ${c.unknown.length} unknown items`,
		...(report.beforeFirstPoll.made
			? [
					`  made between publishing and the first poll: ${report.beforeFirstPoll.made}, ${report.beforeFirstPoll.emitted} of them emitted`,
				]
			: []),
		`  killed occurrence: ${report.killedTask.status} after ${report.killedTask.attempts} take-over(s); main ready ${report.restartSeconds} s after the kill, occurrence done ${report.takeOverSeconds} s later`,
		`  polls the trigger skipped: ${report.skipped.running} (previous poll still running), ${report.skipped.repeat} (same position as a poll that had just emitted); polls n8n abandoned at its timeout: ${report.abandoned}`,
		...(c.missed.length ? [`  missed: ${c.missed.join(', ')}`] : []),
		...(c.repeated.length
			? [`  repeated: ${c.repeated.map(([key, times]) => `${key} ×${times}`).join(', ')}`]
			: []),
		...(c.missed.length || c.repeated.length ? report.timeline.map((line) => `  ${line}`) : []),
	].join('\n');
}
