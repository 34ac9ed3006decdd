// The packed package inside a real n8n 2.x process, installed the way the Community Nodes panel
// installs it, against the sandbox platform. One n8n server for the whole file; the checks run in
// order (the trigger part restarts the server). See docs/running-n8n.md.
import { randomBytes, randomUUID } from 'node:crypto';

import {
	accessTokenCredential,
	clientCredentialsCredential,
	demoCredentials,
	pkceCredential,
	type CredentialImport,
} from '../../tooling/lib/demo-credentials';
import { loadExamples } from '../../tooling/lib/examples';
import { nodeOutput, type ExecuteOutput } from '../../tooling/lib/n8n-cli';
import { PUBLIC_CLIENT_ID } from '../../sandbox/oauth/store';
import { EditorSession, type OAuth2Connection } from './support/editor-session';
import { OWNER, startInstance, type Instance } from './support/instance';
import { eventually, type PlatformEvent } from './support/sandboxClient';
import { timed } from './support/timings';
import {
	getManyWorkflow,
	getStudentWorkflow,
	httpRequestWorkflow,
	triggerWorkflow,
	type ListQuery,
} from './support/workflows';

jest.setTimeout(300_000);

const PACKAGE = 'n8n-nodes-education-platform';
const IDS = {
	getManyToken: 'e2eGetManyToken1',
	getManyOAuth: 'e2eGetManyOAuth1',
	getUnknown: 'e2eGetUnknownId1',
	getUnknownContinue: 'e2eGetUnknownCo1',
	httpRequest: 'e2eHttpRequest01',
	trigger: 'e2eTriggerAreas1',
};
const UNKNOWN_STUDENT_ID = 987_654;
const TRIGGER_EVENTS = ['enrollment.created', 'payment.failed', 'exam_result.published'];
const TRIGGER_WEBHOOK_ID = randomUUID();
/** Two statuses, two grades, a two-field sort and pages of 10: well over ten requests. */
const LIST_QUERY: ListQuery = {
	status: ['active', 'suspended'],
	gradeLevel: [9, 10],
	sort: [
		{ field: 'last_name', direction: 'asc' },
		{ field: 'created_at', direction: 'desc' },
	],
	pageSize: 10,
};
const LIST_QUERY_AS_API = {
	'filter[status]': 'active,suspended',
	'filter[grade_level]': '9,10',
	sort: 'last_name,-created_at',
};

let n8n: Instance;
let credentials: { token: CredentialImport; badToken: CredentialImport; oauth: CredentialImport };

beforeAll(async () => {
	n8n = await startInstance((sandbox) => {
		const login = {
			baseUrl: sandbox.baseUrl,
			token: sandbox.config.demoToken,
			clientId: sandbox.config.oauthClientId,
			clientSecret: sandbox.config.oauthClientSecret,
		};
		credentials = {
			token: accessTokenCredential(login, 'e2eTokenCredent1', 'e2e access token'),
			badToken: accessTokenCredential({ ...login, token: 'not-a-valid-token' }, 'e2eBadTokenCred1', 'e2e bad access token'),
			oauth: clientCredentialsCredential(login, 'e2eOAuth2Client1', 'e2e OAuth2 client credentials'),
		};
		return {
			// The examples use the credentials `npm start` creates.
			credentials: [...Object.values(credentials), ...demoCredentials(login)],
			workflows: [
				...loadExamples().map(({ workflow }) => workflow),
				getManyWorkflow(IDS.getManyToken, 'accessToken', credentials.token, LIST_QUERY),
				getManyWorkflow(IDS.getManyOAuth, 'oAuth2', credentials.oauth, LIST_QUERY),
				getStudentWorkflow(IDS.getUnknown, credentials.token, UNKNOWN_STUDENT_ID, false),
				getStudentWorkflow(IDS.getUnknownContinue, credentials.token, UNKNOWN_STUDENT_ID, true),
				httpRequestWorkflow(IDS.httpRequest, credentials.token, `${sandbox.baseUrl}/v1/webhooks`),
				triggerWorkflow(IDS.trigger, credentials.token, TRIGGER_EVENTS, TRIGGER_WEBHOOK_ID),
			],
		};
	});
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

async function execute(id: string, label = `n8n execute ${id}`): Promise<{ code: number | null; output: ExecuteOutput; stderr: string }> {
	const { result, output } = await timed(label, () => n8n.cli.execute(id));
	if (!output) throw new Error(`n8n execute --id=${id} printed no run data:\n${result.stdout}\n${result.stderr}`);
	return { code: result.code, output, stderr: result.stderr };
}

/** The run data of a workflow's successful executions, once there are `count` of them. */
async function successfulRuns(workflowId: string, count: number): Promise<ExecuteOutput[]> {
	const executions = await eventually(`${count} successful execution(s) of ${workflowId}`, async () => {
		const found = (await n8n.rest.executions(workflowId)).filter((execution) => execution.status === 'success');
		return found.length >= count ? found : undefined;
	});
	expect(executions).toHaveLength(count);
	const runs: ExecuteOutput[] = [];
	for (const execution of executions) {
		// The stored run data is what `n8n execute` prints under `data`.
		runs.push({ data: n8n.unflatten((await n8n.rest.execution(execution.id)).data) } as ExecuteOutput);
	}
	return runs;
}

describe('n8n loads the package', () => {
	it('lists both nodes in /types/nodes.json', async () => {
		const names = (await n8n.rest.nodeTypes()).map((type) => type.name);
		expect(names).toEqual(
			expect.arrayContaining([`${PACKAGE}.educationPlatform`, `${PACKAGE}.educationPlatformTrigger`]),
		);
	});

	it('lists both credential types', async () => {
		const types = await n8n.rest.credentialTypes();
		const ours = types.filter((type) => type.name.startsWith('educationPlatform')).map((type) => type.name);
		expect(ours.sort()).toEqual(['educationPlatformApi', 'educationPlatformOAuth2Api']);
		expect(types.find((type) => type.name === 'educationPlatformOAuth2Api')?.extends).toEqual(['oAuth2Api']);
	});

	it('logs no error about loading it', () => {
		const problems = n8n.server.log
			.split('\n')
			.filter((line) => /education|community|package|load/i.test(line) && /error|fail|invalid|unknown|could not/i.test(line));
		expect(problems).toEqual([]);
	});
});

describe("n8n's credential test", () => {
	it('succeeds for the access token', async () => {
		const result = await n8n.rest.testCredential({ ...credentials.token });
		expect(result).toEqual(expect.objectContaining({ status: 'OK' }));
	});

	it('fails for a bad token with a message that says what to check', async () => {
		const result = await n8n.rest.testCredential({ ...credentials.badToken });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/did not accept the access token/i);
	});
});

describe('the Education Platform node in `n8n execute`', () => {
	let expected: Array<Record<string, unknown>>;

	beforeAll(async () => {
		expected = await n8n.platform.students(LIST_QUERY_AS_API);
	});

	it('Get Many with filters, a two-field sort and Return All returns exactly the sandbox\'s students, in order', async () => {
		expect(expected.length).toBeGreaterThan(10 * LIST_QUERY.pageSize);
		const { code, output } = await execute(IDS.getManyToken);
		expect(code).toBe(0);
		const students = nodeOutput(output, 'Get Many');
		expect(students.map((s) => s.id)).toEqual(expected.map((s) => s.id));
		expect(students).toEqual(expected);
	});

	it('lists the same through OAuth2 client credentials', async () => {
		const { code, output } = await execute(IDS.getManyOAuth);
		expect(code).toBe(0);
		expect(nodeOutput(output, 'Get Many')).toEqual(expected);
	});

	it('Get with an unknown ID fails with the 404 message naming the ID', async () => {
		const { code, output } = await execute(IDS.getUnknown);
		expect(code).not.toBe(0);
		const error = output.data.resultData.error;
		expect(error?.message).toBe(`No student with ID ${UNKNOWN_STUDENT_ID}.`);
		expect(String(error?.description)).toMatch(/Check the Student ID/);
	});

	it('with Continue On Fail, emits an error item instead', async () => {
		const { code, output } = await execute(IDS.getUnknownContinue);
		expect(code).toBe(0);
		const items = nodeOutput(output, 'Get');
		expect(items).toHaveLength(1);
		expect(String(items[0].error)).toMatch(`No student with ID ${UNKNOWN_STUDENT_ID}`);
	});

	it("n8n's HTTP Request node authenticates with the package's credential type on an endpoint the node does not cover", async () => {
		const { code, output } = await execute(IDS.httpRequest);
		expect(code).toBe(0);
		const [page] = nodeOutput(output, 'HTTP Request') as Array<{ data: unknown[]; meta: { total: number }; links: { first: string } }>;
		expect(Array.isArray(page.data)).toBe(true);
		expect(typeof page.meta.total).toBe('number');
		expect(page.links.first).toMatch(new RegExp(`^${n8n.sandbox.baseUrl}/v1/webhooks`));
	});
});

describe('OAuth2 Authorization Code with PKCE, connected the way a user does in the editor', () => {
	const SCOPES = ['students:read', 'webhooks:write'];

	describe.each([
		{ client: 'the confidential demo client', clientId: () => n8n.sandbox.config.oauthClientId, clientSecret: () => n8n.sandbox.config.oauthClientSecret },
		{ client: 'the public demo client (no secret)', clientId: () => PUBLIC_CLIENT_ID, clientSecret: () => '' },
	])('with $client', ({ clientId, clientSecret }) => {
		let editor: EditorSession;
		let credential: CredentialImport;
		let connection: OAuth2Connection;
		let expected: Array<Record<string, unknown>>;

		beforeAll(async () => {
			editor = new EditorSession(n8n.server.url);
			await editor.login(OWNER);
			const fields = pkceCredential({ baseUrl: n8n.sandbox.baseUrl, clientId: clientId(), clientSecret: clientSecret() }, '', `e2e PKCE ${clientId()}`, SCOPES);
			const saved = await editor.createCredential(fields);
			credential = { ...fields, id: saved.id };
			expected = await n8n.platform.students(LIST_QUERY_AS_API);
		});

		const storedData = async () =>
			(await n8n.rest.request<{ data: Record<string, unknown> }>('GET', `/rest/credentials/${credential.id}?includeData=true`)).data;

		it('is saved without tokens', async () => {
			expect(await storedData()).not.toHaveProperty('oauthTokenData');
		});

		it("n8n's authorization URL is the sandbox's /oauth/authorize with an S256 challenge and the derived scope", async () => {
			connection = await timed(`PKCE connect → consent → callback (${clientId()})`, () => editor.connectOAuth2(credential.id));
			const url = connection.authorizationUrl;
			expect(`${url.origin}${url.pathname}`).toBe(`${n8n.sandbox.baseUrl}/oauth/authorize`);
			const query = Object.fromEntries(url.searchParams);
			expect(query).toEqual(
				expect.objectContaining({
					response_type: 'code',
					client_id: clientId(),
					redirect_uri: `${n8n.server.url}/rest/oauth2-credential/callback`,
					scope: SCOPES.join(' '),
					code_challenge_method: 'S256',
					code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
					state: expect.any(String),
				}),
			);
		});

		it("the sandbox's consent page asks for exactly those scopes", () => {
			const listed = [...connection.consentPage.body.matchAll(/<small>\(([^)]+)\)<\/small>/g)].map((match) => match[1]);
			expect(listed).toEqual(SCOPES);
			expect(connection.consentPage.body).toContain(`<code>${clientId()}</code>`);
		});

		it("Approve returns to n8n's callback with a code and n8n's state, and n8n stores the tokens", async () => {
			expect(connection.callbackUrl.searchParams.get('code')).toBeTruthy();
			expect(connection.callbackUrl.searchParams.get('state')).toBe(connection.authorizationUrl.searchParams.get('state'));
			expect(connection.callbackPage.status).toBe(200);
			expect(connection.callbackPage.body).toContain('Connection successful');
			expect(await storedData()).toEqual(expect.objectContaining({ oauthTokenData: true }));
		});

		it('the stored token is one the sandbox issued for this client through the authorization code grant, with the scopes and a refresh token', async () => {
			const { data } = await timed(`n8n export:credentials (${clientId()})`, () => n8n.cli.exportCredential(credential.id));
			const token = data.oauthTokenData as Record<string, unknown>;
			expect(token).toEqual(
				expect.objectContaining({ token_type: 'Bearer', scope: SCOPES.join(' '), access_token: expect.any(String), refresh_token: expect.any(String) }),
			);
			// A user's grant (`user:…`), not a client-credentials one (`client:…`).
			expect(n8n.sandbox.state.tokens.resolve(String(token.access_token))).toEqual({
				status: 'ok',
				grant: expect.objectContaining({ kind: 'oauth', clientId: clientId(), scopes: SCOPES, rateKey: `user:demo-user:client:${clientId()}` }),
			});
		});

		it('Get Many through the connected credential returns exactly the sandbox\'s students, in order', async () => {
			const workflow = await editor.createWorkflow(getManyWorkflow('', 'oAuth2', credential, LIST_QUERY));
			const { code, output } = await execute(workflow.id, `n8n execute Get Many (PKCE, ${clientId()})`);
			expect(code).toBe(0);
			expect(nodeOutput(output, 'Get Many')).toEqual(expected);
		});
	});
});

describe('the Education Platform Trigger in a published workflow', () => {
	const webhookUrl = () => `${n8n.webhookBase}webhook/${TRIGGER_WEBHOOK_ID}/webhook`;

	it('registers one subscription with the webhook URL and events once published and n8n restarts', async () => {
		await timed('n8n publish:workflow', () => n8n.cli.publishWorkflow(IDS.trigger));
		await timed('n8n restart', () => n8n.server.restart());
		const subscriptions = await eventually('the subscription', async () => {
			const found = await n8n.platform.subscriptions();
			return found.length > 0 ? found : undefined;
		});
		expect(subscriptions).toHaveLength(1);
		expect(subscriptions[0].url).toBe(webhookUrl());
		expect([...subscriptions[0].events].sort()).toEqual([...TRIGGER_EVENTS].sort());
		expect(subscriptions[0].enabled).toBe(true);
	});

	it('runs the workflow once per event, with the event as output, and the platform records 2xx deliveries', async () => {
		const [subscription] = await n8n.platform.subscriptions();
		const emitted: PlatformEvent[] = [];
		for (const type of TRIGGER_EVENTS) emitted.push(await n8n.platform.emit(type));

		const runs = await timed('3 webhook deliveries → 3 executions', () => successfulRuns(IDS.trigger, emitted.length));
		const outputs = runs.flatMap((run) => nodeOutput(run, 'Education Platform Trigger'));
		const byId = (a: { id?: unknown }, b: { id?: unknown }) => String(a.id).localeCompare(String(b.id));
		expect(outputs.sort(byId)).toEqual(
			emitted.map(({ id, type, created_at, data }) => ({ id, type, created_at, data })).sort(byId),
		);

		const deliveries = await eventually('three finished deliveries', async () => {
			const found = await n8n.platform.deliveries(subscription.id);
			return found.length === emitted.length && found.every((d) => d.status !== 'pending') ? found : undefined;
		});
		for (const delivery of deliveries) {
			expect(delivery.status).toBe('succeeded');
			const last = delivery.attempts[delivery.attempts.length - 1];
			expect(last.response_status).toBeGreaterThanOrEqual(200);
			expect(last.response_status).toBeLessThan(300);
		}
		expect(deliveries.map((d) => d.event_id).sort()).toEqual(emitted.map((e) => e.id).sort());
	});

	it('answers a delivery with a forged signature with 401 and does not run the workflow', async () => {
		const before = (await n8n.rest.executions(IDS.trigger)).length;
		const body = JSON.stringify({ id: 'evt_forged', type: 'payment.failed', created_at: new Date().toISOString(), data: {} });
		const response = await fetch(webhookUrl(), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'webhook-id': 'evt_forged',
				'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
				'webhook-signature': `v1,${randomBytes(32).toString('base64')}`,
			},
			body,
		});
		expect(response.status).toBe(401);
		await new Promise((resolve) => setTimeout(resolve, 2_000));
		expect(await n8n.rest.executions(IDS.trigger)).toHaveLength(before);
	});

	it('removes the subscription from the platform when the workflow is deactivated', async () => {
		await timed('deactivate (REST) → subscription removed', async () => {
			await n8n.rest.deactivateWorkflow(IDS.trigger);
			await eventually('the subscription to disappear', async () =>
				(await n8n.platform.subscriptions()).length === 0 ? true : undefined,
			);
		});
		expect(await n8n.platform.subscriptions()).toEqual([]);
		expect((await n8n.rest.workflow(IDS.trigger)).active).toBe(false);
	});
});

describe('the example workflows (examples/)', () => {
	it('Weekly roster export: active grade 9 students by last name, as a CSV-ready table and a file', async () => {
		const expected = await n8n.platform.students({ 'filter[status]': 'active', 'filter[grade_level]': '9', sort: 'last_name,first_name' });
		expect(expected.length).toBeGreaterThan(0);
		const { code, output } = await execute('eduRosterExport1');
		expect(code).toBe(0);
		const rows = nodeOutput(output, 'Roster table');
		expect(rows.map((row) => row['Student Number'])).toEqual(expected.map((s) => s.student_number));
		expect(Object.keys(rows[0])).toEqual([
			'Last Name', 'First Name', 'Student Number', 'Grade', 'Email', 'Enrolled', 'Primary Guardian', 'Guardian Email', 'Guardian Phone',
		]);
		const file = output.data.resultData.runData['roster.csv'][0].data!.main[0]![0] as unknown as { binary: { data: { fileName: string; mimeType: string } } };
		expect(file.binary.data.fileName).toMatch(/^roster-grade-9-\d{4}-\d{2}-\d{2}\.csv$/);
		expect(file.binary.data.mimeType).toBe('text/csv');
	});

	describe('the trigger examples, activated', () => {
		const triggerExamples = loadExamples().filter((example) => example.triggerEvents);

		beforeAll(async () => {
			for (const { workflow } of triggerExamples) await n8n.rest.activateWorkflow(workflow.id);
			await eventually('a subscription per trigger example', async () =>
				(await n8n.platform.subscriptions()).length === triggerExamples.length ? true : undefined,
			);
		});

		it('subscribe to the events they select', async () => {
			const subscriptions = await n8n.platform.subscriptions();
			expect(subscriptions.map((s) => [...s.events].sort()).sort()).toEqual(
				triggerExamples.map((e) => [...e.triggerEvents!].sort()).sort(),
			);
		});

		it('Enrollment notification: gets the student and writes to the primary guardian', async () => {
			const event = await n8n.platform.emit('enrollment.created');
			const [run] = await successfulRuns('eduEnrollNotify1', 1);
			const data = event.data as { id: string; student_id: number; course: { name: string } };
			const [student] = await n8n.platform.students({ 'filter[student_number]': String((event.data.student as { student_number: string }).student_number) });
			const guardians = student.guardians as Array<{ email: string | null; is_primary: boolean }>;
			const [message] = nodeOutput(run, 'Welcome message');
			expect(message).toMatchObject({
				student_id: data.student_id,
				enrollment_id: data.id,
				to: (guardians.find((g) => g.is_primary) ?? guardians[0])?.email ?? student.email,
			});
			expect(String(message.subject)).toContain(data.course.name);
		});

		it('Payment reaction: a receipt for a success, a follow-up for a failure', async () => {
			const succeeded = await n8n.platform.emit('payment.succeeded', { amount: 125000, currency: 'USD' });
			const failed = await n8n.platform.emit('payment.failed');
			const runs = await successfulRuns('eduPaymentReact1', 2);
			const receipts = runs.flatMap((run) => (run.data.resultData.runData['Receipt'] ? nodeOutput(run, 'Receipt') : []));
			const followUps = runs.flatMap((run) => (run.data.resultData.runData['Follow-up for finance'] ? nodeOutput(run, 'Follow-up for finance') : []));
			expect(receipts).toEqual([expect.objectContaining({ outcome: 'succeeded', amount: '1250.00 USD', invoice_id: succeeded.data.invoice_id })]);
			expect(followUps).toEqual([
				expect.objectContaining({ outcome: 'failed', invoice_id: failed.data.invoice_id, failure_code: failed.data.failure_code }),
			]);
		});

		it('Exam results: flags a failed result, lets a pass through', async () => {
			const failing = await n8n.platform.emit('exam_result.published', { score: 21, max_score: 100, pass_mark: 50 });
			await n8n.platform.emit('exam_result.published', { score: 88, max_score: 100, pass_mark: 50 });
			const runs = await successfulRuns('eduExamResults01', 2);
			const flagged = runs.flatMap((run) => (run.data.resultData.runData['Flag for support'] ? nodeOutput(run, 'Flag for support') : []));
			const passed = runs.flatMap((run) => (run.data.resultData.runData['Passed, nothing to do'] ? nodeOutput(run, 'Passed, nothing to do') : []));
			expect(flagged).toEqual([expect.objectContaining({ flagged: true, score: '21 / 100 (21%)' })]);
			expect(String(flagged[0].reason)).toContain('below the pass mark of 50');
			expect(passed).toHaveLength(1);
			expect(failing.data.passed).toBe(false);
		});
	});
});
