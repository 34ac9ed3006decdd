// Property-style test of the polling cursor against an in-memory platform (platformModel.ts):
// thousands of seeded runs of random creates and updates (many in the same clock tick, bulk
// updates larger than a page), late commits within the lookback, changes while a poll is paging,
// request caps that cut polls short, polls that run out of time at a random request (the probe
// included: that poll reads nothing), and a filter records enter and leave (like "Status: failed").
// The runs take turns over the four pollable resources' id shapes (students' numbers; the
// prefixed random strings of enrollments, payments and exam results). After each run the
// platform goes quiet and the trigger polls until nothing is left; then every change must have
// been emitted exactly once, and each emission classified as the cursor promises: "created" for
// the first emission of a record made inside the window being read (created_at ≥ the cursor's
// createdSince), "updated" otherwise. A failure names the seed, so the run can be replayed.
import {
	OutOfTime,
	pollChanges,
	startCursor,
	type ChangeKind,
	type FetchPage,
	type PollCursor,
	type PollSettings,
} from '../../../../nodes/EducationPlatformPollingTrigger/cursor/cursor';
import {
	PlatformModel,
	seededRandom,
	TICK_MICROS,
	type IdShape,
	type Version,
} from './platformModel';

const RUNS = Number(process.env.CURSOR_PROPERTY_RUNS ?? 2000);

/** The pollable resources (nodes/EducationPlatformPollingTrigger/resources.ts) by the shape of their ids. */
const RESOURCE_KINDS: Array<{ resource: string; ids: IdShape }> = [
	{ resource: 'student', ids: { kind: 'numeric' } },
	{ resource: 'enrollment', ids: { kind: 'prefixed', prefix: 'enr' } },
	{ resource: 'payment', ids: { kind: 'prefixed', prefix: 'pay' } },
	{ resource: 'examResult', ids: { kind: 'prefixed', prefix: 'exr' } },
];

interface Emission {
	id: number;
	updatedAt: string;
	kind: ChangeKind;
}

interface PollLog {
	start: number;
	/** The cursor's createdSince when the poll began. */
	createdSince: number;
	end: number;
	complete: boolean;
	/** Stopped by the poll's time (a request cut), not by the cap or the end of the list. */
	outOfTime: boolean;
	emissions: Emission[];
}

interface RunReport {
	resource: string;
	since0: number;
	polls: PollLog[];
	maxRequests: number;
	worstRequests: number;
	model: PlatformModel;
}

function micros(timestamp: string): number {
	return Date.parse(`${timestamp.slice(0, 23)}Z`) * 1000 + Number(timestamp.slice(23, 26));
}

async function simulate(seed: number): Promise<RunReport> {
	const random = seededRandom(seed);
	const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
	const lateTicks = [0, 0, 1, 3][int(0, 3)];
	const settings: PollSettings = {
		pageSize: int(10, 12),
		maxRequests: int(2, 6),
		lookbackMicros: lateTicks * TICK_MICROS,
	};
	const { resource, ids } = RESOURCE_KINDS[seed % RESOURCE_KINDS.length];
	const model = new PlatformModel(random, lateTicks, random() < 0.3, ids);
	let changesDuringPolls = true;
	// Its own generator, so each seed's history is the one it was before polls could run out of time.
	const cuts = seededRandom(seed * 7919 + 1);
	let cutRate = 0;

	const randomChanges = (count: number) => {
		for (let i = 0; i < count; i++) {
			if (random() < 0.4) model.create();
			else model.update(model.randomId() ?? 0);
			if (random() < 0.2) model.advance(int(0, 1));
		}
	};
	const bulkUpdate = () => {
		for (let i = int(12, 40); i > 0; i--) model.update(model.randomId() ?? 0);
	};
	const fetchPage: FetchPage = async (request) => {
		if (changesDuringPolls && random() < 0.3) randomChanges(int(1, 4));
		if (changesDuringPolls && random() < 0.03) bulkUpdate();
		// The platform saw the request; its answer came after the poll's time.
		if (cuts() < cutRate) throw new OutOfTime('the poll ran out of time');
		return model.list(request);
	};

	for (let i = int(0, 40); i > 0; i--) {
		model.create();
		if (random() < 0.3) model.advance(int(0, 2));
	}
	model.advance(lateTicks + 1);
	let cursor: PollCursor = await startCursor(fetchPage);
	cutRate = cuts() < 0.3 ? 0.15 : 0;
	const since0 = micros(cursor.since);
	const polls: PollLog[] = [];
	let worstRequests = 0;

	const poll = async () => {
		const start = model.now;
		const createdSince = micros(cursor.createdSince);
		// A poll whose first request runs out of time has read nothing, and the cursor stays.
		const outcome = await pollChanges(cursor, fetchPage, settings).catch((error: unknown) => {
			if (error instanceof OutOfTime)
				return { cursor, changes: [], requests: 1, complete: false, outOfTime: error };
			throw error;
		});
		cursor = JSON.parse(JSON.stringify(outcome.cursor)) as PollCursor; // as static data stores it
		worstRequests = Math.max(worstRequests, outcome.requests);
		polls.push({
			start,
			createdSince,
			end: model.now,
			complete: outcome.complete,
			outOfTime: outcome.outOfTime !== undefined,
			emissions: outcome.changes.map(({ kind, record }) => ({
				id: model.internalId(record.id),
				updatedAt: record.updated_at as string,
				kind,
			})),
		});
		model.advance(1);
		return outcome;
	};

	for (let step = int(60, 160); step > 0; step--) {
		const action = random();
		if (action < 0.4) model.create();
		else if (action < 0.72) model.update(model.randomId() ?? 0);
		else if (action < 0.74) bulkUpdate();
		else if (action < 0.85) model.advance(int(0, 3));
		else await poll();
	}

	// The platform goes quiet; the trigger polls until one whole read from `since` to the end of
	// the list (one poll, or several continuing each other) finds nothing new.
	changesDuringPolls = false;
	model.advance(lateTicks + 1);
	let runFoundChanges = true;
	for (let guard = 0; ; guard++) {
		if (guard > 500) throw new Error(`seed ${seed}: the trigger never caught up`);
		if (cursor.resume === undefined) runFoundChanges = false;
		const outcome = await poll();
		runFoundChanges ||= outcome.changes.length > 0;
		if (outcome.complete && !runFoundChanges) break;
	}
	return { resource, since0, polls, maxRequests: settings.maxRequests, worstRequests, model };
}

/** Every violated property of one run, as readable sentences. */
function violations(seed: number, run: RunReport): string[] {
	const problems: string[] = [];
	const { model, since0, polls } = run;
	const emitted = new Map<string, number>();
	const firstKind = new Map<number, ChangeKind>();
	for (const [index, { emissions, createdSince }] of polls.entries()) {
		for (const { id, updatedAt, kind } of emissions) {
			const key = `${id}@${updatedAt}`;
			if (emitted.has(key))
				problems.push(
					`seed ${seed}: ${key} emitted twice (polls ${emitted.get(key)} and ${index})`,
				);
			emitted.set(key, index);
			const version = model.versions.get(id)?.find((v) => v.micros === micros(updatedAt));
			if (!version || !model.matches(version) || version.micros < since0)
				problems.push(`seed ${seed}: ${key} is not a change after activation`);
			// created ⇔ first emission of a record made inside the window being read.
			const inWindow = version !== undefined && version.createdMicros >= createdSince;
			if ((kind === 'created') !== (!firstKind.has(id) && inWindow))
				problems.push(`seed ${seed}: ${key} is "${kind}" in poll ${index}`);
			// A record's first version is what "Enrollment Created", "Exam Result Published"… announce.
			if (version && version.micros === version.createdMicros && kind !== 'created')
				problems.push(`seed ${seed}: ${key} is its first version but "${kind}"`);
			if (!firstKind.has(id)) {
				firstKind.set(id, kind);
				const expected = version && version.createdMicros >= since0 ? 'created' : 'updated';
				if (!model.filtered && kind !== expected)
					problems.push(
						`seed ${seed}: first emission of ${id} is "${kind}", expected "${expected}"`,
					);
			} else if (kind !== 'updated')
				problems.push(`seed ${seed}: ${key} is "${kind}" but ${id} was emitted before`);
		}
	}
	const isEmitted = (version: Version) =>
		emitted.has(
			`${version.id}@${new Date(version.micros / 1000).toISOString().replace(/Z$/, '000Z')}`,
		);
	for (const versions of model.versions.values()) {
		const last = versions[versions.length - 1];
		if (model.matches(last) && last.micros >= since0 && !isEmitted(last)) {
			problems.push(
				`seed ${seed}: the final version of ${last.id} (${last.micros}) was never emitted`,
			);
		}
		// A version that was the visible one through two complete polls in a row was emitted by then.
		versions.forEach((version, i) => {
			if (!model.matches(version) || version.micros < since0 || isEmitted(version)) return;
			const supersededAt = versions[i + 1]?.visibleAt ?? Infinity;
			const held = polls.findIndex(
				(p, j) =>
					j > 0 &&
					p.complete &&
					polls[j - 1].complete &&
					polls[j - 1].start > version.visibleAt &&
					p.end < supersededAt,
			);
			if (held >= 0)
				problems.push(
					`seed ${seed}: version ${version.id}@${version.micros} held through polls ${held - 1} and ${held} but was not emitted`,
				);
		});
	}
	return problems;
}

describe('polling cursor: property test against an in-memory platform', () => {
	it(`emits every change exactly once over ${RUNS} seeded runs`, async () => {
		const problems: string[] = [];
		let worst = 0;
		let cutShort = 0;
		let outOfTime = 0;
		let changes = 0;
		const byResource = new Map<string, { runs: number; created: number; updated: number }>();
		for (let seed = 1; seed <= RUNS; seed++) {
			const run = await simulate(seed);
			const tally = byResource.get(run.resource) ?? { runs: 0, created: 0, updated: 0 };
			tally.runs++;
			for (const { emissions } of run.polls) for (const { kind } of emissions) tally[kind]++;
			byResource.set(run.resource, tally);
			if (run.worstRequests > run.maxRequests)
				problems.push(
					`seed ${seed}: ${run.worstRequests} requests in one poll, cap ${run.maxRequests}`,
				);
			worst = Math.max(worst, run.worstRequests);
			cutShort += run.polls.filter((p) => !p.complete && !p.outOfTime).length;
			outOfTime += run.polls.filter((p) => p.outOfTime).length;
			changes += run.polls.reduce((sum, p) => sum + p.emissions.length, 0);
			problems.push(...violations(seed, run));
			if (problems.length > 20) break;
		}
		// The size of the proof, for the record (the note reports it).
		const perResource = [...byResource]
			.map(([name, t]) => `${name} ${t.runs} runs (${t.created} created, ${t.updated} updated)`)
			.join('; ');
		process.stdout.write(
			`cursor property test: ${RUNS} runs, ${changes} changes emitted, ${cutShort} polls cut short by the cap, ${outOfTime} out of time, worst ${worst} requests in a poll\n  ${perResource}\n`,
		);
		expect(problems).toEqual([]);
		expect(cutShort).toBeGreaterThan(RUNS);
		expect(outOfTime).toBeGreaterThan(RUNS / 4);
		// Every resource kind ran, and each saw both kinds of change.
		expect([...byResource.keys()].sort()).toEqual(
			RESOURCE_KINDS.map((kind) => kind.resource).sort(),
		);
		for (const tally of byResource.values())
			expect(Math.min(tally.created, tally.updated)).toBeGreaterThan(0);
	}, 600_000);
});
