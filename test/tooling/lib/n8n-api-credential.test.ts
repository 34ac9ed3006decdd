import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import nock from 'nock';

import { loadExamples } from '../../../tooling/lib/examples';
import {
	API_KEY_LABEL,
	ensureN8nApiCredentials,
	n8nApiCredential,
	n8nApiCredentialsOf,
	publicApiUrl,
	readApiKeyFile,
	writeApiKeyFile,
} from '../../../tooling/lib/n8n-api-credential';
import { N8nRestClient } from '../../../tooling/lib/n8n-rest';
import { useNock } from '../../harness/nock';

useNock();

describe('the n8n API credential', () => {
	const ref = { id: 'EduN8nApi', name: 'n8n API (this n8n)' };

	it("points at n8n's public API, with or without a trailing slash on n8n's address", () => {
		expect(publicApiUrl('http://127.0.0.1:5678')).toBe('http://127.0.0.1:5678/api/v1');
		expect(publicApiUrl('http://127.0.0.1:5678/')).toBe('http://127.0.0.1:5678/api/v1');
	});

	it('is imported with its key and address, or empty until a key is made', () => {
		expect(n8nApiCredential(ref, { n8nUrl: 'http://127.0.0.1:5678', apiKey: 'key-1' })).toEqual({
			...ref,
			type: 'n8nApi',
			data: { apiKey: 'key-1', baseUrl: 'http://127.0.0.1:5678/api/v1' },
		});
		expect(n8nApiCredential(ref)).toEqual({
			...ref,
			type: 'n8nApi',
			data: { apiKey: '', baseUrl: '' },
		});
	});

	it('is the one the examples name: the trigger watchdog names one, once', () => {
		expect(n8nApiCredentialsOf(loadExamples().map(({ workflow }) => workflow))).toEqual([ref]);
	});

	it('is listed once however many nodes name it, in the order the nodes come', () => {
		const node = (credential: { id: string; name: string }, type = 'n8nApi') => ({
			id: credential.id,
			name: credential.name,
			type: 'n8n-nodes-base.n8n',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: {},
			credentials: { [type]: credential },
		});
		const other = { id: 'Other', name: 'another n8n' };
		const workflows = [
			{ id: 'a', name: 'a', connections: {}, nodes: [node(other), node(ref)] },
			{
				id: 'b',
				name: 'b',
				connections: {},
				nodes: [node(ref), node({ id: 'EduPlatformToken', name: 'token' }, 'educationPlatformApi')],
			},
		];
		expect(n8nApiCredentialsOf(workflows)).toEqual([other, ref]);
	});
});

describe('the n8n API credential gets a working key', () => {
	const N8N = 'http://n8n.test';
	const refs = [{ id: 'EduN8nApi', name: 'n8n API (this n8n)' }];
	const rest = new N8nRestClient(N8N);
	/** What n8n 2.41.1 offers its owner, in part (GET /rest/api-keys/scopes). */
	const offered = [
		'user:read',
		'workflow:create',
		'workflow:read',
		'workflow:update',
		'workflow:delete',
		'workflow:list',
		'workflow:activate',
		'workflow:deactivate',
		'credential:list',
	];
	const publicApi = (enabled = true) =>
		nock(N8N)
			.get('/rest/settings')
			.reply(200, { data: { publicApi: { enabled } } });
	/** n8n's public API, which opens to `valid` alone and refuses other keys with `refusal`. */
	const keyCheck = (valid: string, refusal = 401) =>
		nock(N8N)
			.get('/api/v1/workflows')
			.query({ limit: '1' })
			.reply(function () {
				return this.req.headers['x-n8n-api-key'] === valid
					? [200, { data: [] }]
					: [refusal, { message: refusal === 401 ? 'Unauthorized' : 'Forbidden' }];
			});
	/** The key check answered without a word about the key: a status, or no answer at all. */
	const keyCheckUnanswered = (status?: number) => {
		const check = nock(N8N).get('/api/v1/workflows').query({ limit: '1' });
		return status === undefined
			? check.replyWithError({ code: 'ECONNRESET', message: 'socket hang up' })
			: check.reply(status, 'Service Unavailable');
	};
	const watchdogScopes = ['workflow:list', 'workflow:activate', 'workflow:deactivate'];
	/** A key as n8n lists it: its last 4 characters after 6 stars. */
	const redacted = (apiKey: string) => `******${apiKey.slice(-4)}`;
	/** The owner's keys (GET /rest/api-keys): n8n 1.x lists them as an array, 2.x as a page; `scopes` only where n8n has them (not 1.85). */
	const earlierKeys = (
		keys: Array<{ id: string; label: string; apiKey?: string; scopes?: string[] }>,
		shape: '1.x' | '2.x' = '2.x',
	) => {
		const listed = keys.map((key) => ({ apiKey: redacted(key.id), ...key }));
		return nock(N8N)
			.get('/rest/api-keys')
			.query({ ownership: 'mine', take: '250' })
			.reply(200, {
				data: shape === '1.x' ? listed : { items: listed, counts: {}, totals: {}, owners: [] },
			});
	};
	/** The key POST /rest/api-keys makes (n8n shows it in full only then) and, listed, its label. */
	const newKey = { id: 'new', label: API_KEY_LABEL, rawApiKey: 'new-key' };
	/** The key the test imports, listed with the watchdog's scopes alone. */
	const listedWithWatchdogScopes = (apiKey: string) =>
		earlierKeys([
			{ id: 'imported', label: API_KEY_LABEL, apiKey: redacted(apiKey), scopes: watchdogScopes },
		]);
	/** No waiting between key checks in the tests. */
	const patience = { attempts: 4, delayMs: 0 };
	const patched = (apiKey: string) =>
		nock(N8N)
			.patch('/rest/credentials/EduN8nApi', {
				name: refs[0].name,
				type: 'n8nApi',
				data: { apiKey, baseUrl: `${N8N}/api/v1` },
			})
			.reply(200, { data: {} });

	/** Every call set up was made (and, nock refusing the rest, no other). */
	const allCalled = () => expect(nock.pendingMocks()).toEqual([]);

	it("keeps the key it was imported with while that opens the public API and n8n lists it with the watchdog's scopes alone: no new key, no change", async () => {
		keyCheck('kept-key');
		listedWithWatchdogScopes('kept-key');
		await expect(ensureN8nApiCredentials(rest, refs, N8N, 'kept-key')).resolves.toEqual({
			apiKey: 'kept-key',
			created: false,
		});
		allCalled();
	});

	it("makes the owner a new key, never expiring, with only the scopes the watchdog's n8n node uses, when the imported one no longer works or there is none; the credential gets it and n8n's API address", async () => {
		for (const imported of ['revoked-key', undefined]) {
			if (imported) keyCheck('another-key');
			publicApi();
			nock(N8N).get('/rest/api-keys/scopes').reply(200, { data: offered });
			earlierKeys([newKey]);
			nock(N8N)
				.post('/rest/api-keys', { label: API_KEY_LABEL, scopes: watchdogScopes, expiresAt: null })
				.reply(200, { data: newKey });
			patched('new-key');
			await expect(ensureN8nApiCredentials(rest, refs, N8N, imported)).resolves.toEqual({
				apiKey: 'new-key',
				created: true,
			});
			allCalled();
		}
	});

	it("replaces a key n8n refuses (401, or 403 without the scope): makes the new key and gives it the credential first, then deletes by id the refused key and any other an earlier start left, but not the new one nor the owner's other keys", async () => {
		for (const [refusal, shape] of [
			[401, '1.x'],
			[403, '2.x'],
		] as const) {
			/** The calls that make, give and delete keys, in the order n8n got them. */
			const calls: string[] = [];
			const inOrder = (scope: nock.Scope) =>
				scope.on('request', (req: { method: string; path: string }) =>
					calls.push(`${req.method} ${req.path.split('?')[0]}`),
				);
			keyCheck('another-key', refusal);
			publicApi();
			nock(N8N).get('/rest/api-keys/scopes').reply(200, { data: offered });
			inOrder(
				earlierKeys(
					[
						{ id: 'refused', label: API_KEY_LABEL },
						{ id: 'mine', label: 'My own script' },
						{ id: 'left-behind', label: API_KEY_LABEL },
						newKey,
					],
					shape,
				),
			);
			inOrder(
				nock(N8N)
					.delete('/rest/api-keys/refused')
					.reply(200, { data: { success: true } }),
			);
			inOrder(
				nock(N8N)
					.delete('/rest/api-keys/left-behind')
					.reply(200, { data: { success: true } }),
			);
			inOrder(
				nock(N8N)
					.post('/rest/api-keys', (body: { label?: string }) => body.label === API_KEY_LABEL)
					.reply(200, { data: newKey }),
			);
			inOrder(patched('new-key'));
			await expect(
				ensureN8nApiCredentials(rest, refs, N8N, 'refused-key', patience),
			).resolves.toEqual({ apiKey: 'new-key', created: true });
			allCalled();
			expect(calls).toEqual([
				'POST /rest/api-keys',
				'PATCH /rest/credentials/EduN8nApi',
				'GET /rest/api-keys',
				'DELETE /rest/api-keys/refused',
				'DELETE /rest/api-keys/left-behind',
			]);
		}
	});

	it('deletes no key when the new one cannot be made or given to the credential: with the key file lost, the key the credential has may still work', async () => {
		for (const failing of ['POST', 'PATCH'] as const) {
			publicApi();
			nock(N8N).get('/rest/api-keys/scopes').reply(200, { data: offered });
			const post = nock(N8N).post('/rest/api-keys');
			if (failing === 'POST') {
				post.reply(500, { message: 'database is locked' });
			} else {
				post.reply(200, { data: newKey });
				nock(N8N)
					.patch('/rest/credentials/EduN8nApi')
					.reply(500, { message: 'database is locked' });
			}
			// No GET /rest/api-keys and no DELETE set up: nock would refuse them, with another error.
			await expect(ensureN8nApiCredentials(rest, refs, N8N, undefined)).rejects.toThrow(
				failing === 'POST'
					? 'POST /rest/api-keys → 500'
					: 'PATCH /rest/credentials/EduN8nApi → 500',
			);
			allCalled();
		}
	});

	it("replaces a key that still works when n8n lists it with more than the watchdog's scopes (one an earlier start made with every scope), found by the last 4 characters n8n shows; n8n without scopes (1.85) keeps it", async () => {
		const broad = 'eyJhbGciOi.broad.Sig1';
		const keys = [
			{ id: 'mine', label: 'My own script', apiKey: '******Zz99', scopes: offered },
			{ id: 'broad', label: API_KEY_LABEL, apiKey: redacted(broad), scopes: offered },
		];
		keyCheck(broad);
		earlierKeys(keys);
		publicApi();
		nock(N8N).get('/rest/api-keys/scopes').reply(200, { data: offered });
		earlierKeys([...keys, newKey]);
		nock(N8N)
			.delete('/rest/api-keys/broad')
			.reply(200, { data: { success: true } });
		nock(N8N)
			.post('/rest/api-keys', { label: API_KEY_LABEL, scopes: watchdogScopes, expiresAt: null })
			.reply(200, { data: newKey });
		patched('new-key');
		await expect(ensureN8nApiCredentials(rest, refs, N8N, broad)).resolves.toEqual({
			apiKey: 'new-key',
			created: true,
		});
		allCalled();

		keyCheck(broad);
		earlierKeys([{ id: 'broad', label: API_KEY_LABEL, apiKey: redacted(broad) }], '1.x');
		await expect(ensureN8nApiCredentials(rest, refs, N8N, broad)).resolves.toEqual({
			apiKey: broad,
			created: false,
		});
		allCalled();
	});

	it('keeps the key, and makes none, while n8n answers the check with a 5xx or not at all: it asks again until n8n says yes', async () => {
		keyCheckUnanswered(503);
		keyCheckUnanswered();
		keyCheckUnanswered(502);
		keyCheck('kept-key');
		listedWithWatchdogScopes('kept-key');
		await expect(ensureN8nApiCredentials(rest, refs, N8N, 'kept-key', patience)).resolves.toEqual({
			apiKey: 'kept-key',
			created: false,
		});
		allCalled();
	});

	it('reports, and neither replaces nor deletes, a key n8n says neither yes nor no to: a 5xx every time, or another answer (404: public API off) at once', async () => {
		for (let attempt = 0; attempt < patience.attempts; attempt++) keyCheckUnanswered(503);
		await expect(ensureN8nApiCredentials(rest, refs, N8N, 'kept-key', patience)).rejects.toThrow(
			"n8n's public API did not say whether the last start's key works (GET /api/v1/workflows: HTTP 503); the credential keeps it",
		);
		allCalled();
		keyCheckUnanswered(404);
		await expect(ensureN8nApiCredentials(rest, refs, N8N, 'kept-key', patience)).rejects.toThrow(
			'(GET /api/v1/workflows: HTTP 404)',
		);
		allCalled();
	});

	it('asks for no scopes where n8n has none (1.85: no scopes endpoint, its keys open the whole API)', async () => {
		publicApi();
		nock(N8N).get('/rest/api-keys/scopes').reply(404);
		earlierKeys([newKey], '1.x');
		nock(N8N)
			.post('/rest/api-keys', { label: API_KEY_LABEL, expiresAt: null })
			.reply(200, { data: newKey });
		patched('new-key');
		await expect(ensureN8nApiCredentials(rest, refs, N8N, undefined)).resolves.toEqual({
			apiKey: 'new-key',
			created: true,
		});
		allCalled();
	});

	it('makes no key, naming the missing scopes, where n8n has scopes but does not offer all the watchdog needs (never one with other scopes)', async () => {
		publicApi();
		nock(N8N)
			.get('/rest/api-keys/scopes')
			.reply(200, { data: ['workflow:list', 'workflow:read', 'workflow:update'] });
		await expect(ensureN8nApiCredentials(rest, refs, N8N, undefined)).rejects.toThrow(
			'n8n does not offer the owner the API key scopes the trigger watchdog needs (workflow:activate, workflow:deactivate), so it makes no key',
		);
		allCalled();
	});

	it("says so in words when n8n's public API is off, and makes no key", async () => {
		publicApi(false);
		await expect(ensureN8nApiCredentials(rest, refs, N8N, undefined)).rejects.toThrow(
			/n8n's public API is off \(N8N_PUBLIC_API_DISABLED, or n8n 1\.x run with E2E_TESTS=true\)/,
		);
		allCalled();
	});
});

describe('the key file', () => {
	let dir: string;
	beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'n8n-api-key-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const mode = (file: string) => statSync(file).mode & 0o777;

	it('is readable by the user only, also when an older one was readable by others', () => {
		const created = path.join(dir, 'created');
		writeApiKeyFile(created, 'key-1');
		expect([readFileSync(created, 'utf8'), mode(created)]).toEqual(['key-1', 0o600]);

		const older = path.join(dir, 'older');
		writeFileSync(older, 'key-0');
		chmodSync(older, 0o644);
		writeApiKeyFile(older, 'key-2');
		expect([readFileSync(older, 'utf8'), mode(older)]).toEqual(['key-2', 0o600]);
	});

	it('is made readable by the user only when a start reads it, so a kept key (no new one written) does not stay in an older file readable by others', () => {
		const kept = path.join(dir, 'kept');
		writeFileSync(kept, 'key-0\n');
		chmodSync(kept, 0o644);
		expect(readApiKeyFile(kept)).toBe('key-0');
		expect([readFileSync(kept, 'utf8'), mode(kept)]).toEqual(['key-0\n', 0o600]);
		expect(readApiKeyFile(path.join(dir, 'none'))).toBeUndefined();
	});
});
