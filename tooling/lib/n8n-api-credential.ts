// The n8n API credential (n8n's own `n8nApi` type) that the trigger watchdog example's n8n node
// lists this n8n's workflows with: an API key of the owner, made through n8n's REST API as
// Settings → n8n API → Create an API key does, and this n8n's public API address. `npm start`
// (`ensureN8nApiCredentials`) and the e2e suite (`connectN8nApiCredentials`) set it up once n8n
// runs and the owner is logged in.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import type { CredentialImport } from './demo-credentials';
import type { WorkflowJson } from './examples';
import { N8nRestError, type N8nRestClient } from './n8n-rest';

export const N8N_API_CREDENTIAL_TYPE = 'n8nApi';
/** What Settings → n8n API lists the key as (n8n allows 50 characters). */
export const API_KEY_LABEL = 'Trigger watchdog example';

export interface CredentialRef {
	id: string;
	name: string;
}

/** n8n's public API address, the credential's Base URL. */
export function publicApiUrl(n8nUrl: string): string {
	return `${n8nUrl.replace(/\/+$/, '')}/api/v1`;
}

/** The credential as `n8n import:credentials` takes it: with a key and this n8n's address, or empty until `connectN8nApiCredentials` fills it in. */
export function n8nApiCredential(
	ref: CredentialRef,
	connection?: { n8nUrl: string; apiKey: string },
): CredentialImport {
	return {
		...ref,
		type: N8N_API_CREDENTIAL_TYPE,
		data: connection
			? { apiKey: connection.apiKey, baseUrl: publicApiUrl(connection.n8nUrl) }
			: { apiKey: '', baseUrl: '' },
	};
}

/** The n8n API credentials the workflows' nodes name, each once, in the order they appear. */
export function n8nApiCredentialsOf(workflows: WorkflowJson[]): CredentialRef[] {
	const found = new Map<string, CredentialRef>();
	for (const node of workflows.flatMap((workflow) => workflow.nodes)) {
		const ref = node.credentials?.[N8N_API_CREDENTIAL_TYPE];
		if (ref && !found.has(ref.id)) found.set(ref.id, { id: ref.id, name: ref.name });
	}
	return [...found.values()];
}

/**
 * Keeps `apiKey` in `file`, readable by the user only. writeFileSync's mode applies only to a file it
 * creates, so an older file (one written before npm start set a mode, or by hand) is made 0600
 * first, before the new key is in it.
 */
export function writeApiKeyFile(file: string, apiKey: string): void {
	if (existsSync(file)) chmodSync(file, 0o600);
	writeFileSync(file, apiKey, { mode: 0o600 });
}

/**
 * The key `writeApiKeyFile` kept, if `file` holds one. The file is made 0600 here, on every read, and
 * not only when a new key is written: a key that still works is kept for ever, so a file an older
 * start wrote readable by others would otherwise stay so.
 */
export function readApiKeyFile(file: string): string | undefined {
	if (!existsSync(file)) return undefined;
	chmodSync(file, 0o600);
	return readFileSync(file, 'utf8').trim() || undefined;
}

/** How often, and how far apart, the key check is asked while n8n answers it with neither yes nor no. */
export interface KeyCheckPatience {
	attempts: number;
	delayMs: number;
}
/** About half a minute: n8n has passed its readiness check by then, so a 5xx or no answer should soon pass. */
const KEY_CHECK_PATIENCE: KeyCheckPatience = { attempts: 15, delayMs: 2000 };

/**
 * Whether `apiKey` opens this n8n's public API (the workflow listing the watchdog's first node
 * reads). False only when n8n refuses the key: 401 (unknown, deleted or expired) or 403 (without the
 * scope). Any other answer says nothing about the key, so it is no reason to make another: a 5xx or
 * no answer (n8n, or nginx in queue mode, still starting) is asked again, and what stays so, or
 * another answer (404: the public API is off), is an error that leaves the credential its key.
 */
async function apiKeyWorks(
	n8nUrl: string,
	apiKey: string,
	patience: KeyCheckPatience,
): Promise<boolean> {
	let answer = '';
	for (let attempt = 1; attempt <= patience.attempts; attempt++) {
		if (attempt > 1) await sleep(patience.delayMs);
		try {
			const response = await fetch(`${publicApiUrl(n8nUrl)}/workflows?limit=1`, {
				headers: { accept: 'application/json', 'x-n8n-api-key': apiKey },
			});
			await response.body?.cancel();
			if (response.ok) return true;
			if (response.status === 401 || response.status === 403) return false;
			answer = `HTTP ${response.status}`;
			if (response.status < 500) break;
		} catch (error) {
			// fetch says "fetch failed"; its cause says why (ECONNREFUSED, a reset socket).
			const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
			answer = cause instanceof Error ? cause.message : String(cause);
		}
	}
	throw new Error(
		`n8n's public API did not say whether the last start's key works (GET /api/v1/workflows: ${answer}); the credential keeps it`,
	);
}

/**
 * A key as GET /rest/api-keys lists it: n8n 1.x answers an array, 2.x a page (`items`). `apiKey` is
 * redacted to its last 4 characters (n8n 2.41's and 1.123's redactApiKey: `******` and those);
 * `scopes` is missing where n8n has none (1.85).
 */
interface ListedApiKey {
	id: string;
	label: string;
	apiKey: string;
	scopes?: string[];
}

async function listApiKeys(rest: N8nRestClient): Promise<ListedApiKey[]> {
	const listed = await rest.request<ListedApiKey[] | { items: ListedApiKey[] }>(
		'GET',
		'/rest/api-keys?ownership=mine&take=250',
	);
	return Array.isArray(listed) ? listed : listed.items;
}

/**
 * Deletes the user's keys labelled `label` but the new one (`newKeyId`), once the credentials have
 * it: the key it replaces, and any other an earlier start left behind (its key file lost, or made
 * when any non-OK answer still counted as a refusal). Not before the new key is made and in the
 * credentials: the key it replaces may still work (a lost key file says nothing about the key), and
 * a failed POST or PATCH then leaves the credentials that key. Each is deleted by its id, found by
 * its label: the label finds them all, which a kept id would not, so the key file stays the bare
 * key. This is npm start's own demo n8n, so the label is taken as npm start's: a key someone made
 * in Settings → n8n API with the same label is deleted too.
 */
async function deleteEarlierKeys(
	rest: N8nRestClient,
	label: string,
	newKeyId: string,
): Promise<void> {
	for (const key of (await listApiKeys(rest)).filter(
		(key) => key.label === label && key.id !== newKeyId,
	)) {
		await rest.request('DELETE', `/rest/api-keys/${key.id}`);
	}
}

/**
 * The API key scopes the trigger watchdog example's n8n node needs, and no more: Workflow → Get Many
 * (GET /api/v1/workflows, also what `apiKeyWorks` asks), Unpublish (POST /workflows/:id/deactivate)
 * and Publish (POST /workflows/:id/activate), as n8n 2.41.1's WorkflowsPublicController and 1.123's
 * workflows.handler require them. No workflow:read: the example never gets one workflow, and Check
 * triggers reads the listed ones. (The credential's Test, GET /credentials/schema/n8nApi, needs none.)
 */
const WATCHDOG_API_KEY_SCOPES = ['workflow:list', 'workflow:activate', 'workflow:deactivate'];

/**
 * Whether n8n lists `apiKey` with scopes beyond `WATCHDOG_API_KEY_SCOPES`: a key an earlier npm start
 * made with every scope n8n offered. n8n does not refuse it, so without this it would be kept for
 * ever. The key does not name its id (it is a JWT with a random `jti`) and the list shows no key in
 * full, so the key is found by the last 4 characters the list shows; another key of the owner's
 * that ends alike can only cost an unneeded new key. Where n8n lists no scopes (1.85), nothing to check.
 */
async function hasOtherScopes(rest: N8nRestClient, apiKey: string): Promise<boolean> {
	const shown = apiKey.slice(-4);
	return (await listApiKeys(rest)).some(
		(key) =>
			key.apiKey.endsWith(shown) &&
			(key.scopes ?? []).some((scope) => !WATCHDOG_API_KEY_SCOPES.includes(scope)),
	);
}

/**
 * The scopes to give the key: `WATCHDOG_API_KEY_SCOPES`, or none where n8n has no scopes (1.85: no
 * scopes endpoint, its keys open the whole public API). Where n8n has them but does not offer the
 * user all of these, no key rather than one with other scopes. (n8n 2.x always enforces the scopes;
 * 1.123 only with the API key scopes licence feature, else its keys open the whole API too.)
 */
async function watchdogScopes(rest: N8nRestClient): Promise<string[] | undefined> {
	const offered = await rest
		.request<string[]>('GET', '/rest/api-keys/scopes')
		.catch((error: unknown) => {
			if (error instanceof N8nRestError && error.status === 404) return undefined;
			throw error;
		});
	if (offered === undefined) return undefined;
	const missing = WATCHDOG_API_KEY_SCOPES.filter((scope) => !offered.includes(scope));
	if (missing.length > 0) {
		throw new Error(
			`n8n does not offer the owner the API key scopes the trigger watchdog needs (${missing.join(', ')}), so it makes no key`,
		);
	}
	return WATCHDOG_API_KEY_SCOPES;
}

/**
 * A new API key of the logged-in user with the watchdog's scopes (`watchdogScopes`); its id and the
 * key itself, which n8n shows only here. n8n answers 404 on the API key endpoints while
 * its public API is off, which is said in words here: N8N_PUBLIC_API_DISABLED=true, or n8n 1.x
 * (1.123, 1.85) run with E2E_TESTS=true or NODE_ENV=test, whose `dist/config/index.js` then sets
 * `publicApi.disabled` whatever the environment says (2.41 no longer does; n8n-env.ts passes no
 * NODE_ENV on, and npm start sets no E2E_TESTS).
 *
 * The key never expires (`expiresAt: null`). An expiring key would be replaced by the next start
 * (it is refused then, see `ensureN8nApiCredentials`), but nothing renews it while n8n runs: the
 * watchdog, which runs unattended every 15 minutes, would start failing in an n8n left running past
 * the expiry. What bounds the key instead: the scopes above, npm start's n8n listening on 127.0.0.1,
 * and a key file only the user reads (`--fresh` drops n8n's database, and the key with it).
 */
async function createApiKey(
	rest: N8nRestClient,
	label: string,
): Promise<{ id: string; rawApiKey: string }> {
	const settings = await rest.request<{ publicApi?: { enabled?: boolean } }>(
		'GET',
		'/rest/settings',
	);
	if (settings.publicApi?.enabled !== true) {
		throw new Error(
			"n8n's public API is off (N8N_PUBLIC_API_DISABLED, or n8n 1.x run with E2E_TESTS=true), so it makes no API key",
		);
	}
	const scopes = await watchdogScopes(rest);
	return await rest.request<{ id: string; rawApiKey: string }>('POST', '/rest/api-keys', {
		label,
		...(scopes ? { scopes } : {}),
		expiresAt: null,
	});
}

/**
 * Gives each credential a new API key of the logged-in owner and this n8n's public API address (the
 * credential dialog's Save), then deletes the keys it replaces (`deleteEarlierKeys`); returns the key.
 */
export async function connectN8nApiCredentials(
	rest: N8nRestClient,
	refs: CredentialRef[],
	n8nUrl: string,
): Promise<string> {
	const key = await createApiKey(rest, API_KEY_LABEL);
	for (const ref of refs) {
		const { id, name, type, data } = n8nApiCredential(ref, { n8nUrl, apiKey: key.rawApiKey });
		await rest.request('PATCH', `/rest/credentials/${id}`, { name, type, data });
	}
	await deleteEarlierKeys(rest, API_KEY_LABEL, key.id);
	return key.rawApiKey;
}

/**
 * The credentials with a working key: `importedKey` (the key they were imported with) until n8n
 * refuses it or lists it with more scopes than the watchdog's (`hasOtherScopes`), else a new one of
 * the owner, so a restart does not make another key.
 */
export async function ensureN8nApiCredentials(
	rest: N8nRestClient,
	refs: CredentialRef[],
	n8nUrl: string,
	importedKey: string | undefined,
	patience = KEY_CHECK_PATIENCE,
): Promise<{ apiKey: string; created: boolean }> {
	if (
		importedKey !== undefined &&
		(await apiKeyWorks(n8nUrl, importedKey, patience)) &&
		!(await hasOtherScopes(rest, importedKey))
	) {
		return { apiKey: importedKey, created: false };
	}
	return { apiKey: await connectN8nApiCredentials(rest, refs, n8nUrl), created: true };
}
