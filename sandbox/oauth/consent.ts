/** The HTML pages of the authorization endpoint: the consent page and the error page. */
import type { OAuthClient } from '../auth/oauthStore';

const SCOPE_LABELS: Record<string, string> = {
	'students:read': 'Read student records',
	'webhooks:read': 'See webhook subscriptions and their delivery logs',
	'webhooks:write': 'Create, change and delete webhook subscriptions',
};

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem;cursor:pointer}.approve{background:#2563eb;color:#fff;border:0;border-radius:4px}
.deny{background:#fff;border:1px solid #999;border-radius:4px}small{color:#666}</style></head>
<body>${body}</body></html>`;
}

export function consentPage(client: OAuthClient, scopes: string[], consentId: string): string {
	const items = scopes
		.map(
			(scope) =>
				`<li>${escapeHtml(SCOPE_LABELS[scope] ?? scope)} <small>(${escapeHtml(scope)})</small></li>`,
		)
		.join('');
	return page(
		'Authorize access — Education Platform sandbox',
		`<h1>Authorize ${escapeHtml(client.name)}</h1>
<p><strong>${escapeHtml(client.name)}</strong> (<code>${escapeHtml(client.id)}</code>) wants to access the Education Platform sandbox as the demo user:</p>
<ul>${items}</ul>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="consent_id" value="${escapeHtml(consentId)}">
<button class="approve" type="submit" name="decision" value="approve">Approve</button>
<button class="deny" type="submit" name="decision" value="deny">Deny</button>
</form>`,
	);
}

export function errorPage(message: string): string {
	return page(
		'Authorization error — Education Platform sandbox',
		`<h1>Authorization error</h1><p>${escapeHtml(message)}</p>`,
	);
}
