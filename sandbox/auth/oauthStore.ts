/**
 * OAuth 2.0 server state (contract §7): registered clients, consents waiting for a decision, and
 * authorization codes (10 minutes, single use, bound to client, redirect URI and PKCE challenge).
 *
 * - `clients` — the demo confidential client (`config.oauthClientId`/`oauthClientSecret`) and a
 *   public client `demo-public-client` (no secret, PKCE only); `registerClient(client)` adds more.
 * - `authenticateClient(id, secret)` — the client if the credentials are right (a public client
 *   authenticates with its id alone).
 * - `redirectAllowed(client, uri)` — exact match against the client's list; `*` allows any URI.
 * - `savePending(request)` / `takePending(id)` — consent pages in flight.
 * - `issueCode(grant)` / `takeCode(code)` — authorization codes.
 */
import { randomToken } from './tokens';
import type { Clock } from '../clock';
import type { SandboxConfig } from '../config';
import { ALL_SCOPES } from '../scopes';

export const PUBLIC_CLIENT_ID = 'demo-public-client';
export const CODE_TTL_MS = 10 * 60 * 1000;

export interface OAuthClient {
	id: string;
	/** null for a public client. */
	secret: string | null;
	name: string;
	redirectUris: string[];
	scopes: string[];
}

export interface AuthorizationRequest {
	clientId: string;
	redirectUri: string;
	scopes: string[];
	state: string | undefined;
	codeChallenge: string;
}

interface Expiring<T> {
	value: T;
	expiresAt: number;
}

export class OAuthStore {
	readonly clients = new Map<string, OAuthClient>();
	private readonly pending = new Map<string, Expiring<AuthorizationRequest>>();
	private readonly codes = new Map<string, Expiring<AuthorizationRequest>>();

	constructor(
		config: SandboxConfig,
		private readonly clock: Clock,
	) {
		const common = { redirectUris: config.oauthRedirectUris, scopes: [...ALL_SCOPES] };
		this.registerClient({
			id: config.oauthClientId,
			secret: config.oauthClientSecret,
			name: 'Demo app',
			...common,
		});
		this.registerClient({ id: PUBLIC_CLIENT_ID, secret: null, name: 'Demo public app', ...common });
	}

	registerClient(client: OAuthClient): void {
		this.clients.set(client.id, client);
	}

	authenticateClient(id: string | undefined, secret: string | undefined): OAuthClient | undefined {
		const client = id === undefined ? undefined : this.clients.get(id);
		if (!client) return undefined;
		if (client.secret === null) return secret === undefined || secret === '' ? client : undefined;
		return secret === client.secret ? client : undefined;
	}

	redirectAllowed(client: OAuthClient, uri: string): boolean {
		return client.redirectUris.includes('*') || client.redirectUris.includes(uri);
	}

	savePending(request: AuthorizationRequest): string {
		return this.save(this.pending, randomToken('consent_', 16), request);
	}

	takePending(id: string): AuthorizationRequest | undefined {
		return this.take(this.pending, id);
	}

	issueCode(request: AuthorizationRequest): string {
		return this.save(this.codes, randomToken('code_', 24), request);
	}

	takeCode(code: string): AuthorizationRequest | undefined {
		return this.take(this.codes, code);
	}

	private save(
		map: Map<string, Expiring<AuthorizationRequest>>,
		key: string,
		value: AuthorizationRequest,
	): string {
		map.set(key, { value, expiresAt: this.clock.now() + CODE_TTL_MS });
		return key;
	}

	private take(
		map: Map<string, Expiring<AuthorizationRequest>>,
		key: string,
	): AuthorizationRequest | undefined {
		const entry = map.get(key);
		map.delete(key);
		return entry && entry.expiresAt > this.clock.now() ? entry.value : undefined;
	}
}
