// n8n's internal REST API (what the editor uses), authenticated with the owner's auth cookie.

export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export interface WorkflowSummary {
	id: string;
	name: string;
	active: boolean;
	versionId: string;
}

export interface WorkflowDetails extends WorkflowSummary {
	nodes: Array<{
		name: string;
		type: string;
		parameters: Record<string, unknown>;
		[key: string]: unknown;
	}>;
	connections: Record<string, unknown>;
	/** What the workflow's nodes keep between runs, by `node:<name>` (a JSON string on some versions). */
	staticData?: Record<string, Record<string, unknown>> | string | null;
}

/** A package as the Community Nodes panel lists it (n8n's InstalledPackages with its nodes). */
export interface InstalledCommunityPackage {
	packageName: string;
	installedVersion: string;
	installedNodes: Array<{ name: string; type: string; latestVersion: number }>;
	/** The newer version `npm outdated` found in the registry (the panel's Update button). */
	updateAvailable?: string;
	failedLoading?: boolean;
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
	workflowId: string;
}

interface ExecutionPage {
	results: ExecutionSummary[];
	/** n8n 2.x: where the next (older) page starts; null on the last. */
	nextCursor?: string | null;
}

const EXECUTIONS_PAGE = 100;

/** Pure: the request for the executions older than `page`'s, or undefined when it was the last page. */
export function olderPage(first: string, n8nMajor: 1 | 2, page: ExecutionPage): string | undefined {
	if (n8nMajor === 2)
		return page.nextCursor ? `${first}&cursor=${encodeURIComponent(page.nextCursor)}` : undefined;
	// 1.x: a page holds up to 100 finished executions after the running ones; fewer means no more.
	const ids = page.results.map((execution) => Number(execution.id)).filter(Number.isFinite);
	return page.results.length >= EXECUTIONS_PAGE && ids.length > 0
		? `${first}&lastId=${Math.min(...ids)}`
		: undefined;
}

/** The licence feature n8n needs before it installs from a registry other than registry.npmjs.org. */
export const CUSTOM_REGISTRY_FEATURE = 'feat:communityNodes:customRegistry';

export class N8nRestError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
		method: string,
		path: string,
	) {
		super(
			`${method} ${path} → ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`,
		);
	}
}

/** The `n8n-auth=…` pair from a response's Set-Cookie headers. */
export function authCookieFrom(setCookies: string[]): string | undefined {
	for (const header of setCookies) {
		const pair = header.split(';')[0].trim();
		if (pair.startsWith('n8n-auth=') && pair.length > 'n8n-auth='.length) return pair;
	}
	return undefined;
}

/** Pure: an error and its causes in one line ("TypeError: fetch failed ← SocketError: other side closed (UND_ERR_SOCKET)"). */
export function causeChain(error: unknown): string {
	const links: string[] = [];
	for (
		let link: unknown = error;
		link !== undefined && link !== null && links.length < 5;
		link = (link as { cause?: unknown }).cause
	) {
		const code = (link as { code?: unknown }).code;
		links.push(`${String(link)}${typeof code === 'string' ? ` (${code})` : ''}`);
	}
	return links.join(' ← ');
}

/** A request that got no answer from n8n: the connection failed, closed or was refused. */
export class N8nConnectionError extends Error {
	constructor(method: string, path: string, cause: unknown, explanation?: string) {
		super(
			`${method} ${path}: no answer from n8n: ${causeChain(cause)}${explanation ? `\n${explanation}` : ''}`,
			{ cause },
		);
	}
}

export interface N8nRestClientOptions {
	/** What to add to a request that failed on the network: n8n's state and the end of its log (N8nServer.explain). */
	explain?: () => string;
}

export class N8nRestClient {
	private cookie?: string;

	/** `n8nMajor`: n8n 2.x activates through /activate (publishing), 1.x through the workflow's `active` flag. */
	constructor(
		readonly baseUrl: string,
		readonly n8nMajor: 1 | 2 = 2,
		private readonly options: N8nRestClientOptions = {},
	) {}

	async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		let response: Response;
		let text: string;
		try {
			response = await fetch(`${this.baseUrl}${path}`, {
				method,
				headers: {
					accept: 'application/json',
					// A connection per request. n8n closes one idle for 6 s (Node 24's http server: 5 s
					// keep-alive and a 1 s buffer); a test process busy for longer (18 MB of
					// /types/nodes.json parsed on a loaded machine) sent its next request on the connection
					// n8n had just closed: "fetch failed", "other side closed" (issue 48).
					connection: 'close',
					...(body === undefined ? {} : { 'content-type': 'application/json' }),
					...(this.cookie ? { cookie: this.cookie } : {}),
				},
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			text = await response.text();
		} catch (error) {
			throw new N8nConnectionError(method, path, error, this.options.explain?.());
		}
		const cookie = authCookieFrom(response.headers.getSetCookie());
		if (cookie) this.cookie = cookie;
		let parsed: unknown = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// Not JSON: keep the text for the error message.
		}
		if (!response.ok) throw new N8nRestError(response.status, parsed, method, path);
		// Most of n8n's REST endpoints wrap their payload in {data}.
		if (parsed && typeof parsed === 'object' && 'data' in parsed)
			return (parsed as { data: T }).data;
		return parsed as T;
	}

	/** Whether the instance still asks for its owner to be set up. */
	async needsOwnerSetup(): Promise<boolean> {
		const settings = await this.request<{ userManagement?: { showSetupOnFirstLoad?: boolean } }>(
			'GET',
			'/rest/settings',
		);
		return settings.userManagement?.showSetupOnFirstLoad === true;
	}

	/** Create the owner on a fresh instance, or log in on one that already has it. */
	async ensureOwner(owner: OwnerAccount): Promise<'created' | 'logged-in'> {
		if (await this.needsOwnerSetup()) {
			await this.request('POST', '/rest/owner/setup', owner);
			return 'created';
		}
		await this.login(owner.email, owner.password);
		return 'logged-in';
	}

	async login(email: string, password: string): Promise<void> {
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: email, password });
	}

	/** Node types n8n has loaded (the editor's `/types/nodes.json`). */
	async nodeTypes(): Promise<
		Array<{
			name: string;
			displayName: string;
			version: number | number[];
			credentials?: Array<{ name: string }>;
		}>
	> {
		return this.request('GET', '/types/nodes.json');
	}

	async credentialTypes(): Promise<
		Array<{ name: string; displayName: string; extends?: string[] }>
	> {
		return this.request('GET', '/types/credentials.json');
	}

	/** n8n's "Test" button: POST /rest/credentials/test with a stored credential's id. */
	async testCredential(credential: {
		id: string;
		name: string;
		type: string;
		data: Record<string, unknown>;
	}): Promise<{ status: 'OK' | 'Error'; message: string }> {
		return this.request('POST', '/rest/credentials/test', { credentials: credential });
	}

	/** The editor's Publish (2.x) or the Active toggle (1.x). */
	async activateWorkflow(id: string): Promise<void> {
		const workflow = await this.request<{ versionId: string }>('GET', `/rest/workflows/${id}`);
		if (this.n8nMajor === 1)
			await this.request('PATCH', `/rest/workflows/${id}`, {
				active: true,
				versionId: workflow.versionId,
			});
		else
			await this.request('POST', `/rest/workflows/${id}/activate`, {
				versionId: workflow.versionId,
			});
	}

	/** Saves changed nodes, as the editor's Save does (a draft on n8n 2.x until it is published). */
	async updateWorkflowNodes(id: string, nodes: unknown[]): Promise<void> {
		await this.request('PATCH', `/rest/workflows/${id}`, { nodes });
	}

	async deactivateWorkflow(id: string): Promise<void> {
		if (this.n8nMajor === 1) {
			const workflow = await this.request<{ versionId: string }>('GET', `/rest/workflows/${id}`);
			await this.request('PATCH', `/rest/workflows/${id}`, {
				active: false,
				versionId: workflow.versionId,
			});
		} else {
			await this.request('POST', `/rest/workflows/${id}/deactivate`, {});
		}
	}

	/**
	 * The editor's Save of a stored workflow with changed nodes. On n8n 1.x saving an active workflow
	 * re-runs its trigger's lifecycle; on 2.x it only saves a draft until the next publish.
	 */
	async saveWorkflow(
		id: string,
		change: (nodes: WorkflowDetails['nodes']) => WorkflowDetails['nodes'],
	): Promise<void> {
		const workflow = await this.workflow(id);
		await this.request('PATCH', `/rest/workflows/${id}`, {
			versionId: workflow.versionId,
			nodes: change(workflow.nodes),
			connections: workflow.connections,
		});
	}

	async workflow(id: string): Promise<WorkflowDetails> {
		return this.request('GET', `/rest/workflows/${id}`);
	}

	/** A node's static data as n8n saved it in the workflow, or undefined when it has none. */
	async nodeStaticData(
		workflowId: string,
		node: string,
	): Promise<Record<string, unknown> | undefined> {
		const { staticData } = await this.workflow(workflowId);
		const parsed =
			typeof staticData === 'string'
				? (JSON.parse(staticData) as Record<string, Record<string, unknown>>)
				: staticData;
		return parsed?.[`node:${node}`];
	}

	/** All workflows (first 250), without their nodes. */
	async workflows(): Promise<WorkflowSummary[]> {
		return this.request('GET', '/rest/workflows?take=250');
	}

	/**
	 * Every execution of a workflow, newest first. n8n lists 100 at a time (the running ones, then the
	 * newest finished): older ones come with the page's cursor on 2.x, with `lastId` on 1.x. One page
	 * alone hid the oldest runs once a test made more than 100 (issue 48: 113 runs on n8n 1.123).
	 */
	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		const first = `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=${EXECUTIONS_PAGE}`;
		const found = new Map<string, ExecutionSummary>();
		for (let page: string | undefined = first; page; ) {
			const result: ExecutionPage = await this.request('GET', page);
			const before = found.size;
			for (const execution of result.results) found.set(execution.id, execution);
			page = found.size > before ? olderPage(first, this.n8nMajor, result) : undefined;
		}
		return [...found.values()];
	}

	/** The executions n8n has not finished (new or running), of every workflow: its first page lists them first. */
	async unfinishedExecutions(): Promise<ExecutionSummary[]> {
		const { results }: ExecutionPage = await this.request(
			'GET',
			`/rest/executions?filter=${encodeURIComponent('{}')}&limit=${EXECUTIONS_PAGE}`,
		);
		return results.filter(
			(execution) => execution.status === 'new' || execution.status === 'running',
		);
	}

	/** One execution with its run data (n8n stores it "flatted"; the caller unflattens). */
	async execution(
		id: string,
	): Promise<{ id: string; status: string; data: string; workflowData: unknown }> {
		return this.request('GET', `/rest/executions/${id}`);
	}

	/** The panel's Install: n8n runs `npm pack` against N8N_COMMUNITY_PACKAGES_REGISTRY and loads the nodes without a restart. */
	async installCommunityPackage(
		name: string,
		version?: string,
	): Promise<InstalledCommunityPackage> {
		return this.request('POST', '/rest/community-packages', {
			name,
			...(version ? { version } : {}),
		});
	}

	/** The panel's Update: the package's files are replaced and its nodes reloaded in place. */
	async updateCommunityPackage(name: string, version?: string): Promise<InstalledCommunityPackage> {
		return this.request('PATCH', '/rest/community-packages', {
			name,
			...(version ? { version } : {}),
		});
	}

	/** The panel's Uninstall. */
	async uninstallCommunityPackage(name: string): Promise<void> {
		await this.request('DELETE', `/rest/community-packages?name=${encodeURIComponent(name)}`);
	}

	async communityPackages(): Promise<InstalledCommunityPackage[]> {
		return this.request('GET', '/rest/community-packages');
	}

	/**
	 * Turns a licence feature on or off in n8n's own test mode (`E2E_TESTS=true`, PATCH
	 * /rest/e2e/feature; n8n 1.x and 2.x alike). Test mode replaces the licence check with its own
	 * table, every feature off until set. Never call /rest/e2e/reset: it empties the database.
	 */
	async setLicenseFeatureInTestMode(feature: string, enabled = true): Promise<void> {
		await this.request('PATCH', '/rest/e2e/feature', { feature, enabled });
	}
}
