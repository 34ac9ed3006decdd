// Pure: no n8n import. See docs/api-contract.md §1 (base URL normalisation).
import { quoted } from './errors';

/**
 * Turns whatever a user pasted into the API root that `/v1/...` is appended to:
 * trailing slashes and one trailing `/v1` are removed, an `/api` prefix is kept.
 */
export function normalizeBaseUrl(input: string): string {
	const trimmed = (input ?? '').trim();
	const url = URL.canParse(trimmed) ? new URL(trimmed) : undefined;
	if (!url) {
		throw new Error(
			`Base URL ${quoted(trimmed)} is not a valid URL. Use the address of your platform, e.g. https://school.example.com or https://school.example.com/api`,
		);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new Error(`Base URL ${quoted(trimmed)} must start with https:// (or http:// for a local sandbox)`);
	}
	let path = url.pathname.replace(/\/+$/, '');
	path = path.replace(/\/v1$/i, '');
	return `${url.origin}${path}`;
}

/** The full URL of an API path such as `/students` or `/webhooks/wh_1`. */
export function apiUrl(baseUrl: string, endpoint: string): string {
	const suffix = endpoint.startsWith('/') ? endpoint : `/${endpoint}`;
	return `${normalizeBaseUrl(baseUrl)}/v1${suffix}`;
}
