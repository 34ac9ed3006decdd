// The package installed, updated and uninstalled through n8n's own Community Nodes panel: its REST
// endpoints (POST, PATCH, DELETE /rest/community-packages) with the owner's login, against a local
// npm registry (tooling/lib/registry.ts) that serves the package as packed from this tree and a
// next version repacked from it, whose trigger items carry `package_version`.
//
// What n8n does, read in its code (2.41.1 and 1.123.81, CommunityPackagesService) and measured here:
// - a registry other than registry.npmjs.org needs the licence feature
//   `feat:communityNodes:customRegistry`; n8n's test mode (E2E_TESTS=true) switches it on through
//   PATCH /rest/e2e/feature. (Its /rest/e2e/reset empties the database: never called.)
// - install and update run `npm pack` + `npm install` into ~/.n8n/nodes, then unload and load the
//   package in the running process: no restart.
// - update deactivates no workflow: the trigger's checkExists/create/delete are not called, and
//   the next delivery and poll run the new code against the static data the old one stored.
// - uninstall deactivates nothing and calls no delete(): the subscription stays on the platform;
//   unpublishing afterwards cannot run delete() either (the node type is gone), nor can deleting
//   the workflow: that subscription is what the trigger watchdog (examples/trigger-watchdog.json)
//   reports, and deletes with its option, once the package is installed again.
// docs/trigger-guarantees.md "Updating and uninstalling the package" reports these tests' facts.
// One n8n and one registry for the whole file; the tests run in order and build on each other.
// About 3–4 minutes per cell, most of it two waits for n8n's one-minute poll (the shortest n8n
// 2.x accepts) and n8n's start; the measured facts are printed at the end.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import { CUSTOM_REGISTRY_FEATURE, N8nRestError } from '../../tooling/lib/n8n-rest';
import {
	NEXT_VERSION_MARKER_FIELD,
	repackAsNextVersion,
	startRegistry,
	type LocalRegistry,
} from '../../tooling/lib/registry';
import { nodesFolder, type PackedPackage } from '../../tooling/lib/community-package';
import { packedPackage, startInstance, type Instance } from './support/instance';
import { itemsOf, runsOf } from './support/runs';
import { tallyOf, untilCounted } from './support/progress';
import {
	attemptsOf,
	eventually,
	type PlatformEvent,
	type Subscription,
} from './support/sandboxClient';
import { e2eTarget } from './support/target';
import { timed } from './support/timings';
import {
	connectWatchdog,
	refusedByN8n,
	runWatchdog,
	watchdogCredential,
	watchdogWorkflows,
} from './support/watchdog';
import { POLLING_TRIGGER_NODE, pollingTriggerWorkflow, triggerWorkflow } from './support/workflows';

// A case waits as long as runs and polls keep arriving (support/progress.ts); a case jest abandons at
// its timeout keeps running beside the next one, so the timeout stays well above a slow case.
jest.setTimeout(900_000);

const TRIGGER_ID = 'e2ePanelTrigger1';
const POLLING_ID = 'e2ePanelPolling1';
const TRIGGER_NODE = 'Education Platform Trigger';
const WEBHOOK_ID = randomUUID();
const EVENT = 'enrollment.created';
/** A second trigger, active at the last uninstall and deleted while the package is gone: its subscription is left as an orphan. */
const DELETED = { id: 'e2ePanelDeleted1', webhookId: randomUUID(), events: ['payment.failed'] };

let dir: string;
let registry: LocalRegistry;
let n8n: Instance;
let credential: CredentialImport;
let current: PackedPackage;
let next: PackedPackage;
/**
 * The trigger's requests to the platform's webhook API (`METHOD /v1/webhooks…`), in order, minus
 * the listing and the delivery log, which this test reads too: checkExists() shows as its
 * `GET /v1/webhooks/<id>`, create() as POST or PATCH, delete() as DELETE.
 */
const webhookApiCalls: string[] = [];
const isObserverRead = (method: string, requestPath: string) =>
	method === 'GET' && (requestPath === '/v1/webhooks' || requestPath.endsWith('/deliveries'));
/** What each step did, printed at the end (the measured facts docs/trigger-guarantees.md reports). */
const measured: Record<string, unknown> = {};

beforeAll(async () => {
	dir = mkdtempSync(path.join(tmpdir(), 'edu-e2e-panel-'));
	[registry, current] = await Promise.all([
		timed('start the local npm registry', () => startRegistry()),
		packedPackage(dir),
	]);
	next = await repackAsNextVersion(current, dir);
	await registry.publish(current);
	n8n = await startInstance(
		(sandbox) => {
			// The access token credential the watchdog example names, which the triggers use too.
			credential = accessTokenCredential({
				baseUrl: sandbox.baseUrl,
				token: sandbox.config.demoToken,
			});
			return {
				credentials: [credential, watchdogCredential()],
				workflows: [
					triggerWorkflow(TRIGGER_ID, credential, [EVENT], WEBHOOK_ID),
					pollingTriggerWorkflow(POLLING_ID, credential),
					{
						...triggerWorkflow(DELETED.id, credential, DELETED.events, DELETED.webhookId),
						name: DELETED.id,
					},
					...watchdogWorkflows(),
				],
			};
		},
		{ E2E_TESTS: 'true', N8N_COMMUNITY_PACKAGES_REGISTRY: registry.url },
		{},
		{ preinstall: false },
	);
	await n8n.rest.setLicenseFeatureInTestMode(CUSTOM_REGISTRY_FEATURE);
	// The sandbox runs in this process: its fault injector sees every request first.
	const { faults } = n8n.sandbox.state;
	const decide = faults.decide.bind(faults);
	faults.decide = (method, requestPath) => {
		if (requestPath.startsWith('/v1/webhooks') && !isObserverRead(method, requestPath))
			webhookApiCalls.push(`${method} ${requestPath}`);
		return decide(method, requestPath);
	};
}, 600_000);

afterAll(async () => {
	process.stdout.write(
		`\n[community panel, ${e2eTarget().label}] measured: ${JSON.stringify(measured, null, 2)}\n`,
	);
	await n8n?.close();
	await registry?.stop();
	if (dir) rmSync(dir, { recursive: true, force: true });
});

// The previous case's deliveries, retries and runs cannot enter this one's counts (support/quiet.ts).
beforeEach(() => n8n.quiet());

const urlOf = (webhookId: string) => `${n8n.webhookBase}webhook/${webhookId}/webhook`;
const webhookUrl = () => urlOf(WEBHOOK_ID);
const subscriptionsTo = async (url: string) =>
	(await n8n.platform.subscriptions()).filter((subscription) => subscription.url === url);

/** The one subscription to the first trigger's URL. */
async function onlySubscription(what: string): Promise<Subscription> {
	const [subscription] = await eventually(what, async () => {
		const found = await subscriptionsTo(webhookUrl());
		return found.length === 1 ? found : undefined;
	});
	expect(subscription).toMatchObject({ url: webhookUrl(), events: [EVENT], enabled: true });
	return subscription;
}

/** The items of the trigger's finished runs, by event id. */
async function triggerItemsByEvent(): Promise<Map<string, Array<Record<string, unknown>>>> {
	const found = new Map<string, Array<Record<string, unknown>>>();
	for (const item of (await runsOf(n8n, TRIGGER_ID, 0)).flatMap((run) =>
		itemsOf(run, TRIGGER_NODE),
	)) {
		found.set(String(item.id), [...(found.get(String(item.id)) ?? []), item]);
	}
	return found;
}

/**
 * How often each event ran, once the runs hold all of `events` and the platform has settled every
 * delivery of them (no retry left to come): read again then, so a second run of an event that
 * finished meanwhile is counted. Waits while runs arrive or the platform attempts deliveries
 * (support/progress.ts), however long a slow machine takes; fails after a minute with neither.
 */
async function triggerRunsOf(
	events: PlatformEvent[],
): Promise<Map<string, Array<Record<string, unknown>>>> {
	const wanted = events.map((event) => event.id);
	await untilCounted(`runs of ${events.length} event(s)`, async () =>
		tallyOf(
			wanted,
			await triggerItemsByEvent(),
			true,
			attemptsOf(await n8n.platform.deliveriesOf(wanted, webhookUrl())),
		),
	);
	await n8n.platform.settledDeliveries(wanted, webhookUrl());
	return triggerItemsByEvent();
}

/**
 * The polling trigger's items of every finished run, oldest run first, once they hold every one of
 * `ids`. n8n polls once a minute and records a poll only when it emits: the wait gives up after
 * two and a half minutes with no new poll, not one.
 */
async function pollingRunsUntil(ids: unknown[]): Promise<Array<Array<Record<string, unknown>>>> {
	return await untilCounted(
		`polls that emit ${ids.join(', ')}`,
		async () => {
			const runs = await runsOf(n8n, POLLING_ID, 0);
			const items = runs
				.sort((a, b) => Number(a.id) - Number(b.id))
				.map((run) => itemsOf(run, POLLING_TRIGGER_NODE));
			const emitted = new Set(items.flat().map((item) => item.id));
			return {
				...tallyOf(ids.map(String), new Set([...emitted].map(String)), items),
				activity: runs.length,
			};
		},
		{ stallMs: 150_000 },
	);
}

/** The status of n8n's first answer to the platform's delivery of an event to the workflow's URL. */
async function firstAnswer(event: PlatformEvent): Promise<number | null> {
	return await untilCounted(`n8n's first answer to ${event.id}`, async () => {
		const attempt = (await n8n.platform.deliveriesOf([event.id], webhookUrl()))[0]?.attempts[0];
		return { seen: attempt ? 1 : 0, of: 1, done: attempt ? attempt.response_status : undefined };
	});
}

/**
 * The editor's Delete: Archive (which unpublishes an active workflow), then Delete. n8n 2.x's
 * publication service unpublishes after answering and refuses the delete (409) until it has: retried.
 * The answers to DELETE, in order.
 */
async function deleteWorkflow(id: string): Promise<number[]> {
	await n8n.rest.request('POST', `/rest/workflows/${id}/archive`, {});
	const answers: number[] = [];
	await eventually(`the deletion of ${id}`, async () => {
		try {
			await n8n.rest.request('DELETE', `/rest/workflows/${id}`);
		} catch (error) {
			if (!(error instanceof N8nRestError && error.status === 409)) throw error;
			answers.push(error.status);
			return undefined;
		}
		answers.push(200);
		return true;
	});
	return answers;
}

describe(`the Community Nodes panel's REST endpoints on ${e2eTarget().label}`, () => {
	it('installs the package from the registry with the owner login; its nodes work without a restart', async () => {
		expect(await n8n.rest.communityPackages()).toEqual([]);
		const installed = await timed('POST /rest/community-packages (install)', () =>
			n8n.rest.installCommunityPackage(current.name),
		);
		expect(installed).toMatchObject({
			packageName: current.name,
			installedVersion: current.version,
		});
		expect(installed.installedNodes.map((node) => node.type).sort()).toEqual([
			'n8n-nodes-education-platform.educationPlatform',
			'n8n-nodes-education-platform.educationPlatformPollingTrigger',
			'n8n-nodes-education-platform.educationPlatformTrigger',
		]);
		expect(
			(await n8n.rest.communityPackages()).map((p) => [
				p.packageName,
				p.installedVersion,
				p.updateAvailable,
			]),
		).toEqual([[current.name, current.version, undefined]]);

		await n8n.rest.activateWorkflow(TRIGGER_ID);
		await n8n.rest.activateWorkflow(POLLING_ID);
		await onlySubscription('the subscription the freshly installed trigger registered');
		const event = await n8n.platform.emit(EVENT);
		const runs = await triggerRunsOf([event]);
		expect(runs.get(event.id)).toEqual([
			expect.not.objectContaining({ [NEXT_VERSION_MARKER_FIELD]: expect.anything() }),
		]);
	});

	it('updates under live traffic: one subscription, every event runs once, the polling cursor continues, the new code runs', async () => {
		const subscription = await onlySubscription('the subscription before the update');
		await eventually(
			'the polling cursor of the activation poll',
			() => n8n.rest.nodeStaticData(POLLING_ID, POLLING_TRIGGER_NODE).then((data) => data?.cursor),
			60_000,
		);
		const before = {
			event: await n8n.platform.emit(EVENT),
			student: await n8n.platform.createStudent({ first_name: 'Before', last_name: 'Update' }),
		};
		await triggerRunsOf([before.event]);
		const oldPolls = await timed('the next poll (old code)', () =>
			pollingRunsUntil([before.student.id]),
		);
		expect(oldPolls.map((items) => items.map((item) => item.id))).toEqual([[before.student.id]]);
		// A new version appears in the registry: the panel offers the update.
		await registry.publish(next);
		expect(await registry.distTags(current.name)).toEqual({ latest: next.version });
		// n8n finds updates with `npm outdated` in its nodes folder without its registry setting (and
		// 1.123 without HOME, so ~/.npmrc is not read either): that folder's .npmrc names the registry.
		writeFileSync(path.join(nodesFolder(n8n.userFolder), '.npmrc'), `registry=${registry.url}/\n`);
		expect((await n8n.rest.communityPackages()).map((p) => p.updateAvailable)).toEqual([
			next.version,
		]);
		const storedBefore = await n8n.rest.nodeStaticData(TRIGGER_ID, TRIGGER_NODE);

		const callsBefore = webhookApiCalls.length;
		const during: PlatformEvent[] = [];
		const duringStudents: Array<Record<string, unknown>> = [];
		let updating = true;
		const update = timed('PATCH /rest/community-packages (update)', () =>
			n8n.rest.updateCommunityPackage(current.name, next.version),
		).finally(() => {
			updating = false;
		});
		// An event and a new student every half second while n8n replaces the package: live traffic, not a load test.
		while (updating) {
			during.push(await n8n.platform.emit(EVENT));
			duringStudents.push(
				await n8n.platform.createStudent({
					first_name: 'During',
					last_name: `Update ${during.length}`,
				}),
			);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		const updated = await update;
		measured.updateWebhookApiCalls = webhookApiCalls.slice(callsBefore);
		expect(updated).toMatchObject({ packageName: current.name, installedVersion: next.version });
		const after = {
			event: await n8n.platform.emit(EVENT),
			student: await n8n.platform.createStudent({ first_name: 'After', last_name: 'Update' }),
		};

		const runs = await triggerRunsOf([before.event, ...during, after.event]);
		measured.eventsDuringUpdate = during.length;
		for (const event of [before.event, ...during, after.event])
			expect(runs.get(event.id)).toHaveLength(1);
		expect(runs.get(after.event.id)).toEqual([
			expect.objectContaining({ [NEXT_VERSION_MARKER_FIELD]: next.version }),
		]);
		measured.duringRanNewCode = during.map(
			(event) => runs.get(event.id)?.[0]?.[NEXT_VERSION_MARKER_FIELD] ?? current.version,
		);

		// Every student once, in order, none before the update again: the cursor the old code stored continues.
		const newStudents = [...duringStudents, after.student].map((student) => student.id);
		const polls = (
			await timed('the polls after the update', () => pollingRunsUntil(newStudents))
		).slice(oldPolls.length);
		measured.pollsAfterUpdate = polls.map((items) =>
			items.map((item) => [item.id, item[NEXT_VERSION_MARKER_FIELD] ?? current.version]),
		);
		expect(polls.flat().map((item) => item.id)).toEqual(newStudents);
		// The poll that found the student created after the update ran the new code.
		expect(polls.at(-1)!.map((item) => item[NEXT_VERSION_MARKER_FIELD])).toEqual(
			polls.at(-1)!.map(() => next.version),
		);

		expect(await onlySubscription('the subscription after the update')).toEqual(subscription);
		expect(await n8n.rest.nodeStaticData(TRIGGER_ID, TRIGGER_NODE)).toEqual(storedBefore);
		expect(webhookApiCalls.slice(callsBefore)).toEqual([]);
		expect((await n8n.rest.workflow(TRIGGER_ID)).active).toBe(true);
		expect((await n8n.rest.workflow(POLLING_ID)).active).toBe(true);
	});

	it('uninstall under an active trigger: the subscription stays and deliveries fail; installing again through the panel resumes them', async () => {
		await n8n.rest.deactivateWorkflow(POLLING_ID);
		const subscription = await onlySubscription('the subscription before the uninstall');
		const callsBefore = webhookApiCalls.length;
		await timed('DELETE /rest/community-packages (uninstall)', () =>
			n8n.rest.uninstallCommunityPackage(current.name),
		);
		expect(await n8n.rest.communityPackages()).toEqual([]);
		// n8n answers the platform's deliveries with an error ("Unrecognized node type"), so the platform retries them.
		const lost = await n8n.platform.emit(EVENT);
		measured.answerAfterUninstall = await firstAnswer(lost);
		expect(measured.answerAfterUninstall).toBe(n8n.target.n8nMajor === 2 ? 400 : 500);
		// By then, no delete(): the subscription stays, and n8n still counts the workflow as active.
		expect(await n8n.platform.subscriptions()).toEqual([subscription]);
		expect((await n8n.rest.workflow(TRIGGER_ID)).active).toBe(true);

		const reinstalled = await timed(
			'POST /rest/community-packages (install again, workflow still active)',
			() => n8n.rest.installCommunityPackage(current.name),
		);
		expect(reinstalled.installedVersion).toBe(next.version);
		const resumed = await n8n.platform.emit(EVENT);
		// The event sent while the package was gone runs too, once: the platform's next retry reaches
		// the reinstalled trigger (this sandbox retries on a schedule shrunk 1000 times: 27 s, 63 s, 99 s after it).
		const runs = await timed('the retry of the event sent while uninstalled', () =>
			triggerRunsOf([lost, resumed]),
		);
		expect(runs.get(resumed.id)).toEqual([
			expect.objectContaining({ [NEXT_VERSION_MARKER_FIELD]: next.version }),
		]);
		expect(runs.get(lost.id)).toHaveLength(1);
		measured.callsUninstallToResume = webhookApiCalls.slice(callsBefore);
		expect(webhookApiCalls.slice(callsBefore)).toEqual([]);
		expect(await n8n.platform.subscriptions()).toEqual([subscription]);
	});

	it('uninstall, then unpublish: n8n unpublishes, the subscription is left behind; installing and publishing again adopts it. A workflow deleted meanwhile leaves its subscription', async () => {
		const subscription = await onlySubscription('the subscription before the uninstall');
		await n8n.rest.activateWorkflow(DELETED.id);
		const [leftover] = await eventually("the second trigger's subscription", async () => {
			const found = await subscriptionsTo(urlOf(DELETED.webhookId));
			return found.length === 1 ? found : undefined;
		});
		const callsBefore = webhookApiCalls.length;
		await n8n.rest.uninstallCommunityPackage(current.name);
		// n8n issue 27031 reports a 500 here on n8n 2.x; n8n 2.41.1 and 1.123.81 unpublish.
		await timed('unpublish after the uninstall', () => n8n.rest.deactivateWorkflow(TRIGGER_ID));
		expect((await n8n.rest.workflow(TRIGGER_ID)).active).toBe(false);
		// Deleting the other, still active, workflow succeeds too, and cannot run its delete() either.
		measured.deleteAfterUninstall = await timed('archive and delete after the uninstall', () =>
			deleteWorkflow(DELETED.id),
		);
		expect(measured.deleteAfterUninstall).toEqual(expect.arrayContaining([200]));
		expect((await n8n.rest.workflows()).map((workflow) => workflow.id)).not.toContain(DELETED.id);
		// delete() could not run: its deliveries find no webhook, and the subscriptions are left.
		expect(await firstAnswer(await n8n.platform.emit(EVENT))).toBe(404);
		expect(await n8n.platform.subscriptions()).toEqual([subscription, leftover]);
		expect(webhookApiCalls.slice(callsBefore)).toEqual([]);

		await n8n.rest.installCommunityPackage(current.name);
		await timed('publish after installing again', () => n8n.rest.activateWorkflow(TRIGGER_ID));
		// The trigger finds its leftover: the one it stored (still in static data), no second subscription.
		expect(await onlySubscription('the subscription after publishing again')).toMatchObject({
			id: subscription.id,
		});
		const recovered = await n8n.platform.emit(EVENT);
		expect((await triggerRunsOf([recovered])).get(recovered.id)).toHaveLength(1);
		// Publishing ran checkExists() alone: the subscription its static data names is current.
		expect(webhookApiCalls.slice(callsBefore)).toEqual([`GET /v1/webhooks/${subscription.id}`]);
		expect(await n8n.platform.subscriptions()).toEqual([subscription, leftover]);
	});

	// n8n 1.123.81 in its test mode (E2E_TESTS, which the local registry's licence feature needs)
	// keeps its public API off (its dist/config/index.js sets publicApi.disabled under E2E_TESTS;
	// 2.41 dropped that line), and the watchdog reads workflows through it: there,
	// test/e2e/watchdog.test.ts's orphan (a subscription no workflow owns) stands for this one, and
	// this file asserts that the API is off.
	if (e2eTarget().n8nMajor === 1) {
		it("n8n 1.123 in test mode has its public API off, so the watchdog cannot run beside the local registry; the deleted workflow's subscription is left on the platform", async () => {
			const [, leftover] = await n8n.platform.subscriptions();
			expect(leftover).toMatchObject({ url: urlOf(DELETED.webhookId), enabled: true });
			const { publicApi } = await n8n.rest.request<{ publicApi: { enabled: boolean } }>(
				'GET',
				'/rest/settings',
			);
			expect(publicApi.enabled).toBe(false);
		});
		return;
	}

	it("the trigger watchdog, once the package is installed again: reports the deleted workflow's subscription and keeps it; with Delete Orphaned Subscriptions, deletes it alone", async () => {
		const [subscription, leftover] = await n8n.platform.subscriptions();
		expect(leftover).toMatchObject({ url: urlOf(DELETED.webhookId), enabled: true });
		await connectWatchdog(n8n);

		const reporting = await runWatchdog(n8n);
		expect(reporting.checked.filter((item) => item.check === 'orphan')).toEqual([
			expect.objectContaining({ webhook_subscription_id: leftover.id, action: 'none' }),
		]);
		expect(reporting.summary).toMatchObject({
			unhealthy_triggers: 0,
			orphans: 1,
			deleted_orphans: 0,
		});
		expect(await n8n.platform.subscriptions()).toEqual([subscription, leftover]);

		await refusedByN8n(n8n, leftover.id, DELETED.events[0], EVENT);
		const deleting = await runWatchdog(n8n, { deleteOrphaned: true });
		expect(deleting.checked.filter((item) => item.check === 'orphan')).toEqual([
			expect.objectContaining({ webhook_subscription_id: leftover.id, action: 'deleted' }),
		]);
		expect(deleting.summary).toMatchObject({
			unhealthy_triggers: 0,
			orphans: 1,
			deleted_orphans: 1,
		});
		expect(await n8n.platform.subscriptions()).toEqual([subscription]);
	});
});
