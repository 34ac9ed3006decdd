/**
 * The Education Platform node, run through n8n's engine (test/harness runNode), against a LIVE
 * sandbox on 127.0.0.1 over real HTTP — and what the sandbox itself says the answer should be.
 *
 *   const sandbox = await startLiveSandbox({ students: 10_000 });
 *   const result = await runStudentNode(sandbox, { operation: 'getMany', returnAll: true });
 *   expect(outputJson(result)).toEqual(sandboxStudents(sandbox, { sort: 'last_name' }));
 *   sandbox.traffic.count({ path: '/v1/students', status: 429 });
 *   await sandbox.close();
 *
 * Expected results come from the sandbox's OWN query parser and store (`parseStudentQuery` +
 * `state.students.query`), given the query a user would write against the API by hand.
 *
 * No nock: these files never load it, so the engine's requests really go over the loopback.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { EducationPlatform } from '../../../nodes/EducationPlatform/EducationPlatform.node';
import { startSandbox, type RunningSandbox, type SandboxConfig } from '../../../sandbox';
import type { Student } from '../../../sandbox/schemas/student';
import { parseStudentQuery } from '../../../sandbox/students/query';
import { runNode, type RunNodeOptions, type RunNodeResult } from '../../harness';
import { recordHttpTraffic, type HttpTraffic } from './httpTraffic';

export interface LiveSandbox extends RunningSandbox {
	/** Every request this process sent to the sandbox, with its response status. */
	traffic: HttpTraffic;
}

/** Where the node sends its list requests (the credential's Base URL is the sandbox's origin). */
export const STUDENTS_PATH = '/v1/students';

/**
 * A sandbox on a free loopback port. The rate limit is raised far out of the way unless the
 * caller sets one: only the tests about the rate limit should wait for it.
 */
export async function startLiveSandbox(options: Partial<SandboxConfig> = {}): Promise<LiveSandbox> {
	const sandbox = await startSandbox({
		host: '127.0.0.1',
		port: 0,
		rateLimit: 1_000_000,
		...options,
	});
	const traffic = recordHttpTraffic(sandbox.port);
	return {
		...sandbox,
		traffic,
		close: async () => {
			traffic.stop();
			await sandbox.close();
		},
	};
}

/** What the node needs to reach a sandbox, running in this process or another. */
export interface SandboxAddress {
	baseUrl: string;
	config: Pick<SandboxConfig, 'demoToken'>;
}

/** The Access Token credential with the sandbox's demo personal access token. */
export function accessTokenCredentials(
	sandbox: SandboxAddress,
): Record<string, ICredentialDataDecryptedObject> {
	return {
		educationPlatformApi: { baseUrl: sandbox.baseUrl, accessToken: sandbox.config.demoToken },
	};
}

/** The OAuth2 credential with the sandbox's demo confidential client. */
export function oAuth2Credentials(
	sandbox: RunningSandbox,
	data: ICredentialDataDecryptedObject = { grantType: 'clientCredentials' },
): Record<string, ICredentialDataDecryptedObject> {
	return {
		educationPlatformOAuth2Api: {
			baseUrl: sandbox.baseUrl,
			clientId: sandbox.config.oauthClientId,
			clientSecret: sandbox.config.oauthClientSecret,
			platformScopes: ['students:read'],
			...data,
		},
	};
}

/**
 * Runs the Education Platform node (resource Student) through the engine against the sandbox.
 *
 * `options.nodeType` is for scripts run by tsx (bench/): tsx resolves `….node` to the node's
 * `.node.json` codex file, so they import `EducationPlatform.node.js` and pass the class here.
 */
export function runStudentNode(
	sandbox: SandboxAddress,
	parameters: INodeParameters,
	options: Omit<RunNodeOptions, 'nodeType' | 'parameters'> &
		Partial<Pick<RunNodeOptions, 'nodeType'>> = {},
): Promise<RunNodeResult> {
	const authentication =
		options.credentials && 'educationPlatformOAuth2Api' in options.credentials
			? 'oAuth2'
			: 'accessToken';
	return runNode({
		nodeType: options.nodeType ?? new EducationPlatform(),
		parameters: { authentication, resource: 'student', ...parameters },
		credentials: accessTokenCredentials(sandbox),
		// Version 1, as the expectations here are (full records unless Simplify is asked for), unless
		// `options.typeVersion` names another; n8n runs a saved node at its saved version.
		typeVersion: 1,
		...options,
	});
}

/** The `json` of every output item. */
export function outputJson(result: RunNodeResult): IDataObject[] {
	return result.items.map((item) => item.json);
}

/**
 * Every student the sandbox itself matches for an API query such as
 * `{ 'filter[status]': 'active,suspended', sort: 'last_name,-created_at' }`, in its order.
 */
export function sandboxStudents(
	sandbox: RunningSandbox,
	apiQuery: Record<string, string> = {},
): Student[] {
	return sandbox.state.students.query(parseStudentQuery(apiQuery)).all();
}

/**
 * One live sandbox for the whole test file: started before its tests, closed after them.
 *
 *   const sandbox = liveSandboxForFile({ students: 1_500 });
 *   it('…', async () => { await runStudentNode(sandbox(), …); });
 */
export function liveSandboxForFile(options: Partial<SandboxConfig> = {}): () => LiveSandbox {
	let sandbox: LiveSandbox | undefined;
	beforeAll(async () => {
		sandbox = await startLiveSandbox(options);
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	return () => {
		if (!sandbox)
			throw new Error('The live sandbox is used outside a test of the file that started it');
		return sandbox;
	};
}
