// What n8n's editor does in a browser, over n8n's REST API: log in, save a credential or a
// workflow, and "Connect my account" for an OAuth2 credential: ask n8n for the authorization URL,
// open it (the platform's consent page), click Approve, and land on n8n's callback.
import { randomUUID } from 'node:crypto';

import type { CredentialImport } from '../../../tooling/lib/demo-credentials';
import type { WorkflowJson } from '../../../tooling/lib/examples';
import type { OwnerAccount } from '../../../tooling/lib/n8n-rest';
import { Browser, type Page } from './browser';

export interface OAuth2Connection {
	/** The URL n8n built (`GET /rest/oauth2-credential/auth?id=…`). */
	authorizationUrl: URL;
	/** The platform's page the popup showed first. */
	consentPage: Page;
	/** Where the popup ended after Approve: n8n's callback page. */
	callbackPage: Page;
	/** The redirect from the platform to n8n's callback, with `code` and `state`. */
	callbackUrl: URL;
}

export class EditorSession {
	readonly browser = new Browser();
	/** The editor sends its browser id on every REST call; the login binds the session to it. */
	private readonly browserId = randomUUID();

	constructor(readonly n8nUrl: string) {}

	/** A REST call as the editor makes it; unwraps n8n's `{data}` envelope. */
	async api<T>(method: string, path: string, json?: unknown): Promise<T> {
		const page = await this.browser.request(`${this.n8nUrl}${path}`, {
			method,
			json,
			headers: { accept: 'application/json', 'browser-id': this.browserId },
		});
		if (page.status < 200 || page.status >= 300) throw new Error(`${method} ${path} → ${page.status}: ${page.body}`);
		return (JSON.parse(page.body) as { data: T }).data;
	}

	async login(owner: Pick<OwnerAccount, 'email' | 'password'>): Promise<void> {
		await this.api('POST', '/rest/login', { emailOrLdapLoginId: owner.email, password: owner.password });
	}

	/** Save a new credential (the credential modal's Save). n8n assigns the ID. */
	async createCredential(credential: Omit<CredentialImport, 'id'>): Promise<{ id: string; name: string; type: string }> {
		const { name, type, data } = credential;
		return this.api('POST', '/rest/credentials', { name, type, data });
	}

	/** Save a new workflow. n8n assigns the ID. */
	async createWorkflow(workflow: WorkflowJson): Promise<{ id: string }> {
		const { id: _ignored, ...body } = workflow;
		return this.api('POST', '/rest/workflows', body);
	}

	/**
	 * "Connect my account": n8n returns the authorization URL, the editor opens it in a popup, the
	 * user clicks Approve on the platform's consent page, the platform redirects the popup to n8n's
	 * callback, and n8n exchanges the code (with its PKCE verifier) for tokens.
	 */
	async connectOAuth2(credentialId: string): Promise<OAuth2Connection> {
		const authorizationUrl = new URL(await this.api<string>('GET', `/rest/oauth2-credential/auth?id=${encodeURIComponent(credentialId)}`));
		const opened = await this.browser.navigate(authorizationUrl.href);
		const consentPage = opened[opened.length - 1];
		if (consentPage.status !== 200) throw new Error(`the authorization URL answered ${consentPage.status}: ${consentPage.body.slice(0, 500)}`);
		const afterApprove = await this.browser.submit(consentPage, { name: 'decision', value: 'approve' });
		const toCallback = afterApprove.find((page) => page.location?.startsWith(`${this.n8nUrl}/rest/oauth2-credential/callback`));
		if (!toCallback) throw new Error(`Approve did not redirect to n8n's callback: ${JSON.stringify(afterApprove.map(({ url, status, location }) => ({ url, status, location })))}`);
		return {
			authorizationUrl,
			consentPage,
			callbackPage: afterApprove[afterApprove.length - 1],
			callbackUrl: new URL(toCallback.location!),
		};
	}
}
