// `runBench(options)`: one real n8n (the e2e suite's instance: the packed package installed like
// the Community Nodes panel) and two sandboxes in this process, then each case of the side-by-side
// table, ours and the alternative in turn, `runs` times. Returns the figures; table.ts prints them.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { Webhook } from 'standardwebhooks';

import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import { startInstance, type Instance } from '../../test/e2e/support/instance';
import { eventually } from '../../test/e2e/support/sandboxClient';
import { rateLimitLowerBound } from '../rateLimitBound';
import { profileWhile, summarizeProfile } from './cpuProfile';
import { callWebhook, ingest, median, n8nMainPid, sampleN8nRss, type IngestResult } from './measure';
import { HTTP_REQUEST_NODE, httpRequestListing, OURS_NODE, oursListing, plainIngest, signedIngest, type ListingCount } from './workflows';

export interface BenchOptions {
	/** Students in the plain listings (0 ms and 100 ms latency, RSS). */
	students: number;
	/** Students in the rate-limited listing, and the limit per 60-second window. */
	limitedStudents: number;
	rate: number;
	latencyMs: number;
	deliveries: number;
	concurrency: number;
	runs: number;
	/** Extra environment for n8n, e.g. N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true. */
	n8nEnv?: Record<string, string>;
	/** Write CPU profiles of n8n's main process during the first ingest runs here (`<file>` signed, `<file>.plain.cpuprofile`). */
	cpuProfile?: string;
	log?: (line: string) => void;
}

export const FULL: BenchOptions = { students: 10_000, limitedStudents: 100_000, rate: 600, latencyMs: 100, deliveries: 500, concurrency: 10, runs: 3 };
/** What CI runs: every case, one run each, small enough for a few minutes (the rate-limited one still waits one window). */
export const SMALL: BenchOptions = { students: 1_000, limitedStudents: 1_500, rate: 10, latencyMs: 100, deliveries: 50, concurrency: 10, runs: 1 };

export interface ListingRun {
	seconds: number;
	/** The listing node's own execution time, from n8n's run data (what the client's clock adds is n8n's: webhook, Code, saving). */
	nodeSeconds?: number;
	status: number;
	count?: number;
	unique?: number;
	requests: number;
	rateLimited: number;
	peakRssBytes: number;
}

export interface Side {
	runs: ListingRun[];
	medianSeconds: number;
}

export interface BenchResult {
	options: BenchOptions;
	n8nVersion: string;
	atOnce: { ours: Side; http: Side };
	latency: { ours: Side; http: Side };
	limited: { ours: Side; http: Side; boundSeconds: number; windows: number };
	ingest: { signed: IngestResult; plain: IngestResult };
}

interface ListingWorkflow {
	id: string;
	/** The webhook path the client calls. */
	path: string;
	/** The node that lists, whose execution time n8n records. */
	node: string;
}

const LISTINGS: Record<'ours' | 'http' | 'oursLimited' | 'httpLimited', ListingWorkflow> = {
	ours: { id: 'benchOursAtOnce1', path: 'bench-ours', node: OURS_NODE },
	http: { id: 'benchHttpAtOnce1', path: 'bench-http', node: HTTP_REQUEST_NODE },
	oursLimited: { id: 'benchOursLimite1', path: 'bench-ours-limited', node: OURS_NODE },
	httpLimited: { id: 'benchHttpLimite1', path: 'bench-http-limited', node: HTTP_REQUEST_NODE },
};
const INGEST_WORKFLOWS = { signed: 'benchSignedIngs1', plain: 'benchPlainIngst1' };
const SIGNING_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const SIGNING: CredentialImport = { id: 'benchSigningSec1', name: 'bench signing secret', type: 'educationPlatformWebhookSigningApi', data: { signingSecret: SIGNING_SECRET } };
const INGEST_WARM_UP = 20;

/** Counts the sandbox's answers to the list endpoint, and its 429s, as its HTTP server sends them. */
function listTraffic(sandbox: RunningSandbox) {
	const counts = { requests: 0, rateLimited: 0 };
	const onRequest = (request: IncomingMessage, response: ServerResponse) => {
		if (!request.url?.startsWith('/v1/students')) return;
		response.once('finish', () => {
			counts.requests++;
			if (response.statusCode === 429) counts.rateLimited++;
		});
	};
	sandbox.app.server.on('request', onRequest);
	return {
		reset: () => Object.assign(counts, { requests: 0, rateLimited: 0 }),
		read: () => ({ ...counts }),
	};
}

async function admin(sandbox: RunningSandbox, method: string, path: string, body: unknown): Promise<void> {
	const response = await fetch(`${sandbox.baseUrl}/sandbox/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
	if (!response.ok) throw new Error(`sandbox ${method} /sandbox/${path} → ${response.status}: ${await response.text()}`);
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
	const log = options.log ?? (() => undefined);
	const plain = await startSandbox({ port: 0, students: options.students, rateLimit: 1_000_000, logRequests: false });
	const limited = await startSandbox({ port: 0, students: options.limitedStudents, rateLimit: options.rate, logRequests: false });
	const plainToken = accessTokenCredential({ baseUrl: plain.baseUrl, token: plain.config.demoToken }, 'benchPlainToken1', 'bench token (plain sandbox)');
	const limitedToken = accessTokenCredential({ baseUrl: limited.baseUrl, token: limited.config.demoToken }, 'benchLimitToken1', 'bench token (rate-limited sandbox)');
	let n8n: Instance | undefined;
	try {
		log('starting n8n with the packed package …');
		n8n = await startInstance(() => ({
			credentials: [plainToken, limitedToken, SIGNING],
			workflows: [
				oursListing(LISTINGS.ours.id, LISTINGS.ours.path, plainToken),
				httpRequestListing(LISTINGS.http.id, LISTINGS.http.path, plainToken),
				oursListing(LISTINGS.oursLimited.id, LISTINGS.oursLimited.path, limitedToken),
				httpRequestListing(LISTINGS.httpLimited.id, LISTINGS.httpLimited.path, limitedToken),
				signedIngest(INGEST_WORKFLOWS.signed, 'bench-signed', SIGNING),
				plainIngest(INGEST_WORKFLOWS.plain, 'bench-plain'),
			],
		}), options.n8nEnv);
		const instance = n8n;
		for (const id of [...Object.values(LISTINGS).map((listing) => listing.id), ...Object.values(INGEST_WORKFLOWS)]) await instance.rest.activateWorkflow(id);
		const hook = (path: string) => `${instance.webhookBase}webhook/${path}`;
		await eventually('the bench webhooks to be registered', async () => ((await fetch(hook('bench-plain'), { method: 'POST', body: '{}' })).status === 200 ? true : undefined));

		const plainTraffic = listTraffic(plain);
		const limitedTraffic = listTraffic(limited);
		/** The listing node's executionTime in the workflow's newest execution. */
		const nodeSeconds = async (workflowId: string, nodeName: string): Promise<number | undefined> => {
			const [newest] = await instance.rest.executions(workflowId);
			if (!newest) return undefined;
			const data = instance.unflatten((await instance.rest.execution(newest.id)).data) as {
				resultData: { runData: Record<string, Array<{ executionTime?: number }>> };
			};
			const time = data.resultData.runData[nodeName]?.[0]?.executionTime;
			return time === undefined ? undefined : time / 1000;
		};
		const listing = async (workflow: ListingWorkflow, traffic: ReturnType<typeof listTraffic>, before?: () => Promise<void>): Promise<ListingRun> => {
			await before?.();
			traffic.reset();
			const rss = sampleN8nRss(instance.userFolder);
			const answer = await callWebhook<Partial<ListingCount>>(hook(workflow.path));
			const peakRssBytes = rss.stop();
			const { requests, rateLimited } = traffic.read();
			const node = await nodeSeconds(workflow.id, workflow.node);
			log(
				`  ${workflow.path}: ${answer.seconds.toFixed(2)} s (node ${node?.toFixed(2) ?? '?'} s), HTTP ${answer.status}, ${answer.body.count ?? '-'} items, ${requests} requests, ${rateLimited} × 429`,
			);
			return { seconds: answer.seconds, nodeSeconds: node, status: answer.status, count: answer.body.count, unique: answer.body.unique, requests, rateLimited, peakRssBytes };
		};
		/** Ours and the alternative alternate, so neither always runs on a warmer (or fuller) n8n. */
		const sideBySide = async (ours: () => Promise<ListingRun>, http: () => Promise<ListingRun>) => {
			const runs = { ours: [] as ListingRun[], http: [] as ListingRun[] };
			for (let run = 0; run < options.runs; run++) {
				runs.ours.push(await ours());
				runs.http.push(await http());
			}
			const side = (list: ListingRun[]): Side => ({ runs: list, medianSeconds: median(list.map((r) => r.seconds)) });
			return { ours: side(runs.ours), http: side(runs.http) };
		};

		log(`Return All ${options.students} students, sandbox answers at once (after one untimed run of each workflow: n8n loads a node's code on its first run)`);
		await admin(plain, 'DELETE', 'faults', {});
		for (const path of [LISTINGS.ours.path, LISTINGS.http.path]) await callWebhook(hook(path));
		const atOnce = await sideBySide(() => listing(LISTINGS.ours, plainTraffic), () => listing(LISTINGS.http, plainTraffic));

		log(`Return All ${options.students} students, ${options.latencyMs} ms per request`);
		await admin(plain, 'PUT', 'faults', [{ path: '/v1/students', method: 'GET', fault: { type: 'delay', ms: options.latencyMs } }]);
		const latency = await sideBySide(() => listing(LISTINGS.ours, plainTraffic), () => listing(LISTINGS.http, plainTraffic));
		await admin(plain, 'DELETE', 'faults', {});

		log(`${options.limitedStudents} students at ${options.rate}/min (each run starts with fresh windows)`);
		const freshWindows = () => admin(limited, 'PUT', 'rate-limit', { limit: options.rate });
		const rateLimited = await sideBySide(
			() => listing(LISTINGS.oursLimited, limitedTraffic, freshWindows),
			() => listing(LISTINGS.httpLimited, limitedTraffic, freshWindows),
		);
		const bound = rateLimitLowerBound({ items: options.limitedStudents, perPage: 100, limitPerWindow: options.rate });

		log(`Webhook ingest: ${options.deliveries} deliveries at concurrency ${options.concurrency} (after ${INGEST_WARM_UP} to warm up)`);
		const signer = new Webhook(SIGNING_SECRET);
		const sendSigned = async () => {
			const event = { id: `evt_${randomBytes(8).toString('hex')}`, type: 'payment.succeeded', created_at: new Date().toISOString(), data: { id: 'pay_bench', amount: 100 } };
			const body = JSON.stringify(event);
			const now = new Date();
			const headers = { 'content-type': 'application/json', 'webhook-id': event.id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signer.sign(event.id, now, body) };
			const response = await fetch(`${hook('bench-signed')}/webhook`, { method: 'POST', headers, body });
			await response.arrayBuffer();
			return response.status;
		};
		const sendPlain = async () => {
			const body = JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, type: 'payment.succeeded', created_at: new Date().toISOString(), data: { id: 'pay_bench', amount: 100 } });
			const response = await fetch(hook('bench-plain'), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
			await response.arrayBuffer();
			return response.status;
		};
		await ingest(INGEST_WARM_UP, options.concurrency, sendSigned);
		await ingest(INGEST_WARM_UP, options.concurrency, sendPlain);
		const ingests = { signed: [] as IngestResult[], plain: [] as IngestResult[] };
		const profiled = async (run: number, file: string | undefined, work: () => Promise<IngestResult>) => {
			if (run > 0 || !file) return await work();
			const result = await profileWhile(n8nMainPid(instance.userFolder), instance.runtime.nodeBinary, file, work);
			log(summarizeProfile(file));
			return result;
		};
		for (let run = 0; run < options.runs; run++) {
			ingests.signed.push(await profiled(run, options.cpuProfile, () => ingest(options.deliveries, options.concurrency, sendSigned)));
			ingests.plain.push(await profiled(run, options.cpuProfile && `${options.cpuProfile}.plain.cpuprofile`, () => ingest(options.deliveries, options.concurrency, sendPlain)));
			log(`  signed ${ingests.signed[run].perSecond.toFixed(1)}/s, plain ${ingests.plain[run].perSecond.toFixed(1)}/s`);
		}
		const medianIngest = (runs: IngestResult[]): IngestResult => ({
			deliveries: runs[0].deliveries,
			accepted: Math.min(...runs.map((r) => r.accepted)),
			perSecond: median(runs.map((r) => r.perSecond)),
			p50Ms: median(runs.map((r) => r.p50Ms)),
			p99Ms: median(runs.map((r) => r.p99Ms)),
		});

		return {
			options,
			n8nVersion: instance.runtime.n8nVersion,
			atOnce,
			latency,
			limited: { ...rateLimited, boundSeconds: bound.seconds, windows: bound.windowsToWait + 1 },
			ingest: { signed: medianIngest(ingests.signed), plain: medianIngest(ingests.plain) },
		};
	} finally {
		await n8n?.close();
		await plain.close();
		await limited.close();
	}
}
