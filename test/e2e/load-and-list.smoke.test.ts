// The smallest proof that an n8n supports the package: it loads both nodes and both credential
// types from the package installed like the Community Nodes panel does, logs no load error, and a
// Get Many through `n8n execute` returns exactly the sandbox's students. The smoke: all that runs on
// the support range's floor, on every n8n line, and in `npm test` (test/e2e/cells.ts).
import { accessTokenCredential, type CredentialImport } from '../../tooling/lib/demo-credentials';
import { nodeOutput, ranSuccessfully } from '../../tooling/lib/n8n-cli';
import { startInstance, type Instance } from './support/instance';
import { timed } from './support/timings';
import { LIST_QUERY, LIST_QUERY_AS_API, getManyWorkflow } from './support/workflows';

jest.setTimeout(300_000);

const PACKAGE = 'n8n-nodes-education-platform';
const GET_MANY_ID = 'e2eSmokeGetMany1';

let n8n: Instance;
let credential: CredentialImport;

beforeAll(async () => {
	n8n = await startInstance((sandbox) => {
		credential = accessTokenCredential(
			{ baseUrl: sandbox.baseUrl, token: sandbox.config.demoToken },
			'e2eSmokeToken001',
			'e2e smoke access token',
		);
		return {
			credentials: [credential],
			workflows: [getManyWorkflow(GET_MANY_ID, 'accessToken', credential, LIST_QUERY)],
		};
	});
}, 600_000);

afterAll(async () => {
	await n8n?.close();
});

describe(`n8n loads the package (${process.env.EDU_E2E_N8N ?? '2'})`, () => {
	it('runs the n8n version the target names', () => {
		const major = Number(n8n.runtime.n8nVersion.split('.')[0]);
		expect(major).toBe(n8n.target.n8nMajor);
	});

	it('lists both nodes in /types/nodes.json', async () => {
		const names = (await n8n.rest.nodeTypes()).map((type) => type.name);
		expect(names).toEqual(
			expect.arrayContaining([
				`${PACKAGE}.educationPlatform`,
				`${PACKAGE}.educationPlatformTrigger`,
				`${PACKAGE}.educationPlatformPollingTrigger`,
			]),
		);
	});

	it('lists its three credential types, and the field-order type the OAuth2 one builds on', async () => {
		const types = await n8n.rest.credentialTypes();
		const ours = types
			.filter((type) => type.name.startsWith('educationPlatform'))
			.map((type) => type.name);
		expect(ours.sort()).toEqual([
			'educationPlatformApi',
			'educationPlatformFieldOrderApi',
			'educationPlatformOAuth2Api',
			'educationPlatformWebhookSigningApi',
		]);
		// n8n 1.85's getParentTypes hands out the loaded type's own array and its type list reverses it
		// in place (credential-types.js, services/frontend.service.js); 1.123 and 2.x copy it first.
		const inOrder = ['educationPlatformFieldOrderApi', 'oAuth2Api'];
		const shown = n8n.target.runtime.id === 'floor' ? [...inOrder].reverse() : inOrder;
		expect(types.find((type) => type.name === 'educationPlatformOAuth2Api')?.extends).toEqual(
			shown,
		);
	});

	it('logs no error about loading it', () => {
		const problems = n8n.server.log
			.split('\n')
			.filter(
				(line) =>
					/education|community|package|load/i.test(line) &&
					/error|fail|invalid|unknown|could not/i.test(line),
			);
		expect(problems).toEqual([]);
	});
});

describe('Get Many in `n8n execute`', () => {
	it("with filters, a two-field sort and Return All returns exactly the sandbox's students, in order", async () => {
		const expected = await n8n.platform.students(LIST_QUERY_AS_API);
		expect(expected.length).toBeGreaterThan(10 * LIST_QUERY.pageSize);
		const { result, output } = await timed(`n8n execute ${GET_MANY_ID}`, () =>
			n8n.cli.execute(GET_MANY_ID),
		);
		if (!output)
			throw new Error(`n8n execute printed no run data:\n${result.stdout}\n${result.stderr}`);
		expect(ranSuccessfully(result, output)).toBe(true);
		const students = nodeOutput(output, 'Get Many');
		expect(students.map((s) => s.id)).toEqual(expected.map((s) => s.id));
		expect(students).toEqual(expected);
	});
});
