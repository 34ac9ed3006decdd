// `runBench(options)`: one real n8n (the e2e suite's instance: the packed package installed like
// the Community Nodes panel) and two sandboxes in this process, then each case of the side-by-side
// table, ours and the alternative in turn, `runs` times. Returns the figures; table.ts prints them.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';

import { Webhook } from 'standardwebhooks';

import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import { recommendedN8nEnv } from '../../tooling/lib/n8n-env';
import { N8nServer } from '../../tooling/lib/n8n-server';
import { startInstance, type Instance } from '../../test/e2e/support/instance';
import { eventually } from '../../test/e2e/support/sandboxClient';
import { rateLimitLowerBound } from '../rateLimitBound';
import { profileWhile, summarizeProfile } from './cpuProfile';
import { ENGINE_SETTINGS, FULL_ENGINES, type EngineSetting } from './engines';
import {
	callWebhook,
	ingest,
	median,
	n8nMainPid,
	sampleN8nRss,
	type IngestResult,
} from './measure';
import {
	cryptoIfIngest,
	HTTP_REQUEST_NODE,
	httpRequestListing,
	OURS_NODE,
	oursListing,
	plainIngest,
	signedIngest,
	type ListingCount,
} from './workflows';

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
	/**
	 * Write CPU profiles of n8n's main process here, summarised in the log: the first ingest runs
	 * (`<file>` signed, `<file>.plain.cpuprofile`) and the first listing at once
	 * (`<file>.list-ours.cpuprofile`, `<file>.list-http.cpuprofile`).
	 */
	cpuProfile?: string;
	/** Only these cases (default: all of them). */
	only?: BenchCase[];
	/** The n8n settings the `engines` case measures ingest under, one n8n start each (n8n 2.x). */
	engines: readonly EngineSetting[];
	log?: (line: string) => void;
}

export const BENCH_CASES = ['atOnce', 'latency', 'limited', 'ingest', 'engines'] as const;
export type BenchCase = (typeof BENCH_CASES)[number];

const engines = (names: readonly string[]) =>
	ENGINE_SETTINGS.filter((setting) => names.includes(setting.name));
/** The engine setting `npm start` applies on n8n 2.x. */
const startSetting = ENGINE_SETTINGS.filter((setting) =>
	isDeepStrictEqual(setting.env, recommendedN8nEnv(2)),
);

export const FULL: BenchOptions = {
	students: 10_000,
	limitedStudents: 100_000,
	rate: 600,
	latencyMs: 100,
	deliveries: 500,
	concurrency: 10,
	runs: 3,
	engines: engines(FULL_ENGINES),
};
/**
 * What CI runs: every case, one run each, small enough for a few minutes (the rate-limited one
 * still waits one window; the engine table restarts n8n once, with what `npm start` applies).
 */
export const SMALL: BenchOptions = {
	students: 1_000,
	limitedStudents: 1_500,
	rate: 10,
	latencyMs: 100,
	deliveries: 50,
	concurrency: 10,
	runs: 1,
	engines: startSetting,
};

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
	/** Each case that ran (`only`); peak RSS is read from `atOnce`. */
	atOnce?: { ours: Side; http: Side };
	latency?: { ours: Side; http: Side };
	limited?: { ours: Side; http: Side; boundSeconds: number; windows: number };
	ingest?: { signed: IngestResult; plain: IngestResult; headerAuth: IngestResult };
	engines?: EngineRow[];
}

/** Ingest under one n8n setting: the three ways to receive a signed delivery, and n8n's memory. */
export interface EngineRow {
	setting: EngineSetting;
	plain: IngestResult;
	ours: IngestResult;
	cryptoIf: IngestResult;
	/** n8n's processes after the warm-up, before the timed runs. */
	idleRssBytes: number;
	peakRssBytes: number;
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
const INGEST_WORKFLOWS = {
	signed: 'benchSignedIngs1',
	plain: 'benchPlainIngst1',
	headerAuth: 'benchHeaderAuth1',
};
const CRYPTO_IF_WORKFLOW = 'benchCryptoIfIn1';
/** The HMAC key as text: the Crypto node's credential takes its secret as a string and uses its UTF-8 bytes. */
const HMAC_KEY = randomBytes(24).toString('hex');
const SIGNING_SECRET = `whsec_${Buffer.from(HMAC_KEY).toString('base64')}`;
const SIGNING: CredentialImport = {
	id: 'benchSigningSec1',
	name: 'bench signing secret',
	type: 'educationPlatformWebhookSigningApi',
	data: { signingSecret: SIGNING_SECRET },
};
const CRYPTO_HMAC: CredentialImport = {
	id: 'benchCryptoHmac1',
	name: 'bench HMAC secret',
	type: 'crypto',
	data: { hmacSecret: HMAC_KEY },
};
const HEADER_AUTH: CredentialImport = {
	id: 'benchHeaderAut1',
	name: 'bench header auth',
	type: 'httpHeaderAuth',
	data: { name: 'X-Bench-Token', value: randomBytes(24).toString('hex') },
};
const INGEST_WARM_UP = 20;

/** Runs `work`, profiling n8n's main process into `file` on the first run when a file is given. */
type Profiled = <T>(run: number, file: string | undefined, work: () => Promise<T>) => Promise<T>;

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

async function admin(
	sandbox: RunningSandbox,
	method: string,
	path: string,
	body: unknown,
): Promise<void> {
	const response = await fetch(`${sandbox.baseUrl}/sandbox/${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	if (!response.ok)
		throw new Error(
			`sandbox ${method} /sandbox/${path} → ${response.status}: ${await response.text()}`,
		);
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
	const log = options.log ?? (() => undefined);
	const plain = await startSandbox({
		port: 0,
		students: options.students,
		rateLimit: 1_000_000,
		logRequests: false,
	});
	const limited = await startSandbox({
		port: 0,
		students: options.limitedStudents,
		rateLimit: options.rate,
		logRequests: false,
	});
	const plainToken = accessTokenCredential(
		{ baseUrl: plain.baseUrl, token: plain.config.demoToken },
		'benchPlainToken1',
		'bench token (plain sandbox)',
	);
	const limitedToken = accessTokenCredential(
		{ baseUrl: limited.baseUrl, token: limited.config.demoToken },
		'benchLimitToken1',
		'bench token (rate-limited sandbox)',
	);
	const selected = (name: BenchCase) => !options.only || options.only.includes(name);
	let n8n: Instance | undefined;
	/** The engine table's n8n: the instance's n8n restarted with each setting (same data, port and package). */
	let engineServer: N8nServer | undefined;
	const restartN8n = async (instance: Instance, setting: EngineSetting) => {
		await (engineServer ?? instance.server).stop();
		const env = { ...options.n8nEnv, ...setting.env };
		engineServer = new N8nServer({
			runtime: instance.runtime,
			userFolder: instance.userFolder,
			port: instance.server.port,
			extra: { ...instance.target.n8nEnv, ...env },
		});
		log(
			`restarting n8n with ${
				Object.entries(env)
					.map(([key, value]) => `${key}=${value}`)
					.join(' ') || "n8n's defaults"
			} …`,
		);
		await engineServer.start();
		if (setting.confirmation && !engineServer.log.includes(setting.confirmation))
			throw new Error(
				`n8n started without "${setting.confirmation}": the ${setting.name} setting did not take effect`,
			);
	};
	try {
		log('starting n8n with the packed package …');
		// The Crypto + IF workflow only with the engine table: it needs n8n 2.x's Crypto node (version 2).
		const cryptoIf = selected('engines')
			? {
					credentials: [CRYPTO_HMAC],
					workflows: [cryptoIfIngest(CRYPTO_IF_WORKFLOW, 'bench-crypto-if', CRYPTO_HMAC)],
				}
			: { credentials: [], workflows: [] };
		n8n = await startInstance(
			() => ({
				credentials: [plainToken, limitedToken, SIGNING, HEADER_AUTH, ...cryptoIf.credentials],
				workflows: [
					oursListing(LISTINGS.ours.id, LISTINGS.ours.path, plainToken),
					httpRequestListing(LISTINGS.http.id, LISTINGS.http.path, plainToken),
					oursListing(LISTINGS.oursLimited.id, LISTINGS.oursLimited.path, limitedToken),
					httpRequestListing(LISTINGS.httpLimited.id, LISTINGS.httpLimited.path, limitedToken),
					signedIngest(INGEST_WORKFLOWS.signed, 'bench-signed', SIGNING),
					plainIngest(INGEST_WORKFLOWS.plain, 'bench-plain'),
					plainIngest(INGEST_WORKFLOWS.headerAuth, 'bench-header-auth', HEADER_AUTH),
					...cryptoIf.workflows,
				],
			}),
			options.n8nEnv,
		);
		const instance = n8n;
		if (selected('engines') && instance.target.n8nMajor !== 2)
			throw new Error(
				'The engines case measures n8n 2.x settings: run it on n8n 2.41 (without EDU_E2E_N8N), or leave it out with --only.',
			);
		const workflowIds = [
			...Object.values(LISTINGS).map((listing) => listing.id),
			...Object.values(INGEST_WORKFLOWS),
			...cryptoIf.workflows.map((workflow) => workflow.id),
		];
		for (const id of workflowIds) await instance.rest.activateWorkflow(id);
		const hook = (path: string) => `${instance.webhookBase}webhook/${path}`;
		const webhooksRegistered = () =>
			eventually('the bench webhooks to be registered', async () =>
				(await fetch(hook('bench-plain'), { method: 'POST', body: '{}' })).status === 200
					? true
					: undefined,
			);
		await webhooksRegistered();

		const plainTraffic = listTraffic(plain);
		const limitedTraffic = listTraffic(limited);
		/** The listing node's executionTime in the workflow's newest execution. */
		const nodeSeconds = async (
			workflowId: string,
			nodeName: string,
		): Promise<number | undefined> => {
			const [newest] = await instance.rest.executions(workflowId);
			if (!newest) return undefined;
			const data = instance.unflatten((await instance.rest.execution(newest.id)).data) as {
				resultData: { runData: Record<string, Array<{ executionTime?: number }>> };
			};
			const time = data.resultData.runData[nodeName]?.[0]?.executionTime;
			return time === undefined ? undefined : time / 1000;
		};
		const listing = async (
			workflow: ListingWorkflow,
			traffic: ReturnType<typeof listTraffic>,
			before?: () => Promise<void>,
		): Promise<ListingRun> => {
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
			return {
				seconds: answer.seconds,
				nodeSeconds: node,
				status: answer.status,
				count: answer.body.count,
				unique: answer.body.unique,
				requests,
				rateLimited,
				peakRssBytes,
			};
		};
		/** Profiles `work` into `file` (and logs the summary) when --cpu-prof was given and this is the first run. */
		const profiled: Profiled = async (run, file, work) => {
			if (run > 0 || !file) return await work();
			const result = await profileWhile(
				n8nMainPid(instance.userFolder),
				instance.runtime.nodeBinary,
				file,
				work,
			);
			log(summarizeProfile(file));
			return result;
		};
		const profileFile = (suffix: string) =>
			options.cpuProfile && `${options.cpuProfile}.${suffix}.cpuprofile`;
		/** Ours and the alternative alternate, so neither always runs on a warmer (or fuller) n8n. */
		const sideBySide = async (
			ours: () => Promise<ListingRun>,
			http: () => Promise<ListingRun>,
			profile?: { ours?: string; http?: string },
		) => {
			const runs = { ours: [] as ListingRun[], http: [] as ListingRun[] };
			for (let run = 0; run < options.runs; run++) {
				runs.ours.push(await profiled(run, profile?.ours, ours));
				runs.http.push(await profiled(run, profile?.http, http));
			}
			const side = (list: ListingRun[]): Side => ({
				runs: list,
				medianSeconds: median(list.map((r) => r.seconds)),
			});
			return { ours: side(runs.ours), http: side(runs.http) };
		};
		const result: BenchResult = { options, n8nVersion: instance.runtime.n8nVersion };

		if (selected('atOnce')) {
			log(
				`Return All ${options.students} students, sandbox answers at once (after one untimed run of each workflow: n8n loads a node's code on its first run)`,
			);
			await admin(plain, 'DELETE', 'faults', {});
			for (const path of [LISTINGS.ours.path, LISTINGS.http.path]) await callWebhook(hook(path));
			result.atOnce = await sideBySide(
				() => listing(LISTINGS.ours, plainTraffic),
				() => listing(LISTINGS.http, plainTraffic),
				{ ours: profileFile('list-ours'), http: profileFile('list-http') },
			);
		}

		if (selected('latency')) {
			log(`Return All ${options.students} students, ${options.latencyMs} ms per request`);
			await admin(plain, 'PUT', 'faults', [
				{ path: '/v1/students', method: 'GET', fault: { type: 'delay', ms: options.latencyMs } },
			]);
			result.latency = await sideBySide(
				() => listing(LISTINGS.ours, plainTraffic),
				() => listing(LISTINGS.http, plainTraffic),
			);
			await admin(plain, 'DELETE', 'faults', {});
		}

		if (selected('limited')) {
			log(
				`${options.limitedStudents} students at ${options.rate}/min (each run starts with fresh windows)`,
			);
			const freshWindows = () => admin(limited, 'PUT', 'rate-limit', { limit: options.rate });
			const rateLimited = await sideBySide(
				() => listing(LISTINGS.oursLimited, limitedTraffic, freshWindows),
				() => listing(LISTINGS.httpLimited, limitedTraffic, freshWindows),
			);
			const bound = rateLimitLowerBound({
				items: options.limitedStudents,
				perPage: 100,
				limitPerWindow: options.rate,
			});
			result.limited = {
				...rateLimited,
				boundSeconds: bound.seconds,
				windows: bound.windowsToWait + 1,
			};
		}

		if (selected('ingest'))
			result.ingest = await ingestCase(hook, options, log, profiled, {
				signed: options.cpuProfile,
				plain: profileFile('plain'),
			});
		if (selected('engines')) {
			result.engines = [];
			for (const setting of options.engines) {
				await restartN8n(instance, setting);
				await webhooksRegistered();
				result.engines.push(await engineRow(instance, hook, setting, options, log));
			}
		}
		return result;
	} finally {
		await engineServer?.stop();
		await n8n?.close();
		await plain.close();
		await limited.close();
	}
}

/** Posts one delivery to each ingest workflow: signed as the platform signs (standardwebhooks), or plain. */
function deliverySenders(hook: (path: string) => string) {
	const signer = new Webhook(SIGNING_SECRET);
	const event = () => ({
		id: `evt_${randomBytes(8).toString('hex')}`,
		type: 'payment.succeeded',
		created_at: new Date().toISOString(),
		data: { id: 'pay_bench', amount: 100 },
	});
	const post = async (url: string, body: string, headers: Record<string, string> = {}) => {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body,
		});
		await response.arrayBuffer();
		return response.status;
	};
	const postSigned = async (url: string) => {
		const signed = event();
		const body = JSON.stringify(signed);
		const now = new Date();
		return await post(url, body, {
			'webhook-id': signed.id,
			'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
			'webhook-signature': signer.sign(signed.id, now, body),
		});
	};
	return {
		signed: () => postSigned(`${hook('bench-signed')}/webhook`),
		cryptoIf: () => postSigned(hook('bench-crypto-if')),
		plain: () => post(hook('bench-plain'), JSON.stringify(event())),
		headerAuth: () =>
			post(hook('bench-header-auth'), JSON.stringify(event()), {
				'X-Bench-Token': String(HEADER_AUTH.data.value),
			}),
	};
}

const medianIngest = (list: IngestResult[]): IngestResult => ({
	deliveries: list[0].deliveries,
	accepted: Math.min(...list.map((r) => r.accepted)),
	perSecond: median(list.map((r) => r.perSecond)),
	p50Ms: median(list.map((r) => r.p50Ms)),
	p99Ms: median(list.map((r) => r.p99Ms)),
});

/** Signed deliveries to the trigger against unsigned ones to n8n's plain Webhook node, `runs` times each. */
async function ingestCase(
	hook: (path: string) => string,
	options: BenchOptions,
	log: (line: string) => void,
	profiled: Profiled,
	profile?: { signed?: string; plain?: string },
): Promise<NonNullable<BenchResult['ingest']>> {
	log(
		`Webhook ingest: ${options.deliveries} deliveries at concurrency ${options.concurrency} (after ${INGEST_WARM_UP} to warm up)`,
	);
	const send = deliverySenders(hook);
	for (const warmUp of [send.signed, send.plain, send.headerAuth])
		await ingest(INGEST_WARM_UP, options.concurrency, warmUp);
	const runs = {
		signed: [] as IngestResult[],
		plain: [] as IngestResult[],
		headerAuth: [] as IngestResult[],
	};
	for (let run = 0; run < options.runs; run++) {
		runs.signed.push(
			await profiled(run, profile?.signed, () =>
				ingest(options.deliveries, options.concurrency, send.signed),
			),
		);
		runs.plain.push(
			await profiled(run, profile?.plain, () =>
				ingest(options.deliveries, options.concurrency, send.plain),
			),
		);
		runs.headerAuth.push(await ingest(options.deliveries, options.concurrency, send.headerAuth));
		log(
			`  signed ${runs.signed[run].perSecond.toFixed(1)}/s, plain ${runs.plain[run].perSecond.toFixed(1)}/s, plain with Header Auth ${runs.headerAuth[run].perSecond.toFixed(1)}/s`,
		);
	}
	return {
		signed: medianIngest(runs.signed),
		plain: medianIngest(runs.plain),
		headerAuth: medianIngest(runs.headerAuth),
	};
}

/**
 * One row of the engine table, on an n8n just started with `setting`: the plain Webhook node, the
 * trigger and Webhook + Crypto + IF in turn, `runs` times each, and n8n's memory (idle after the
 * warm-up, peak during the runs). Refuses to measure a Crypto + IF workflow whose IF did not match.
 */
async function engineRow(
	instance: Instance,
	hook: (path: string) => string,
	setting: EngineSetting,
	options: BenchOptions,
	log: (line: string) => void,
): Promise<EngineRow> {
	log(
		`Ingest with ${setting.label}: ${options.deliveries} deliveries at concurrency ${options.concurrency} (after ${INGEST_WARM_UP} to warm up)`,
	);
	const send = deliverySenders(hook);
	for (const warmUp of [send.plain, send.signed, send.cryptoIf])
		await ingest(INGEST_WARM_UP, options.concurrency, warmUp);
	await eventually(
		'the Crypto + IF workflow to pass a signed delivery to its Count node',
		async () => {
			const [newest] = await instance.rest.executions(CRYPTO_IF_WORKFLOW);
			if (!newest || newest.status !== 'success') return undefined;
			const data = instance.unflatten((await instance.rest.execution(newest.id)).data) as {
				resultData: { runData: Record<string, unknown> };
			};
			return 'Count' in data.resultData.runData ? true : undefined;
		},
	);
	const idleRssBytes = sampleN8nRss(instance.userFolder).stop();
	const rss = sampleN8nRss(instance.userFolder);
	const runs = {
		plain: [] as IngestResult[],
		ours: [] as IngestResult[],
		cryptoIf: [] as IngestResult[],
	};
	for (let run = 0; run < options.runs; run++) {
		runs.plain.push(await ingest(options.deliveries, options.concurrency, send.plain));
		runs.ours.push(await ingest(options.deliveries, options.concurrency, send.signed));
		runs.cryptoIf.push(await ingest(options.deliveries, options.concurrency, send.cryptoIf));
		log(
			`  plain ${runs.plain[run].perSecond.toFixed(1)}/s, ours ${runs.ours[run].perSecond.toFixed(1)}/s, Webhook + Crypto + IF ${runs.cryptoIf[run].perSecond.toFixed(1)}/s`,
		);
	}
	const peakRssBytes = rss.stop();
	return {
		setting,
		plain: medianIngest(runs.plain),
		ours: medianIngest(runs.ours),
		cryptoIf: medianIngest(runs.cryptoIf),
		idleRssBytes,
		peakRssBytes,
	};
}
