/**
 * Bearer tokens the API accepts: personal access tokens (never expire) and OAuth access tokens
 * (expire after the configured lifetime), plus rotating OAuth refresh tokens.
 *
 * - `addPersonalToken(token, scopes)` / `createPersonalToken(scopes)` — PATs (`edu_pat_…`).
 * - `issueAccessToken(grant, ttlSeconds)` — an OAuth access token for a client/user grant.
 * - `issueRefreshToken(grant)` / `takeRefreshToken(token, clientId)` — a refresh token is good for
 *   one use: taking it deletes it (rotation), so the old one stops working.
 * - `resolve(token)` — `{ status: 'ok', grant }`, `{ status: 'expired' }` or `{ status: 'unknown' }`.
 * - `revoke(token)`.
 */
import { randomBytes } from 'node:crypto';

import type { Clock } from '../clock';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** Who a token acts for; `rateKey` is the rate-limit bucket (contract §5). */
export interface Grant {
	kind: 'personal' | 'oauth';
	scopes: string[];
	rateKey: string;
	clientId?: string;
}

interface StoredToken extends Grant {
	expiresAt: number | null;
}

export type TokenLookup =
	| { status: 'ok'; grant: Grant }
	| { status: 'expired' }
	| { status: 'unknown' };

export function randomToken(prefix: string, bytes = 24): string {
	return prefix + randomBytes(bytes).toString('base64url');
}

export class TokenStore {
	private readonly access = new Map<string, StoredToken>();
	private readonly refresh = new Map<string, StoredToken>();

	constructor(private readonly clock: Clock) {}

	addPersonalToken(token: string, scopes: readonly string[]): string {
		this.access.set(token, {
			kind: 'personal',
			scopes: [...scopes],
			rateKey: `pat:${token}`,
			expiresAt: null,
		});
		return token;
	}

	createPersonalToken(scopes: readonly string[]): string {
		return this.addPersonalToken(randomToken('edu_pat_'), scopes);
	}

	issueAccessToken(grant: Grant, ttlSeconds: number): { token: string; expiresAt: number } {
		const token = randomToken('edu_at_', 32);
		const expiresAt = this.clock.now() + ttlSeconds * 1000;
		this.access.set(token, { ...grant, kind: 'oauth', expiresAt });
		return { token, expiresAt };
	}

	issueRefreshToken(grant: Grant): string {
		const token = randomToken('edu_rt_', 32);
		this.refresh.set(token, {
			...grant,
			kind: 'oauth',
			expiresAt: this.clock.now() + REFRESH_TOKEN_TTL_SECONDS * 1000,
		});
		return token;
	}

	/** Removes and returns a live refresh token issued to `clientId`; undefined otherwise. */
	takeRefreshToken(token: string, clientId: string): Grant | undefined {
		const stored = this.refresh.get(token);
		if (!stored || stored.clientId !== clientId) return undefined;
		this.refresh.delete(token);
		if (stored.expiresAt !== null && stored.expiresAt <= this.clock.now()) return undefined;
		const { expiresAt: _expiresAt, ...grant } = stored;
		return grant;
	}

	resolve(token: string): TokenLookup {
		const stored = this.access.get(token);
		if (!stored) return { status: 'unknown' };
		if (stored.expiresAt !== null && stored.expiresAt <= this.clock.now())
			return { status: 'expired' };
		const { expiresAt: _expiresAt, ...grant } = stored;
		return { status: 'ok', grant };
	}

	revoke(token: string): boolean {
		return this.access.delete(token) || this.refresh.delete(token);
	}
}
