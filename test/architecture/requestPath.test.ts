// The files one Student → Get Many (Return All) runs through (issue 38: the request path crosses
// clearly fewer files; docs/architecture.md gives the number). A ceiling: a shorter path passes.
import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { createCredentialsHelper } from '../harness';
import {
	accessTokenCredentials,
	liveSandboxForFile,
	runStudentNode,
} from '../integration/support/liveSandbox';
import { expectAtMost, shippedFilesOf } from './pathCoverage';

const sandbox = liveSandboxForFile({ students: 500 });

it('Student → Get Many runs through at most 18 shipped files', async () => {
	// One node and one credential store for both runs, as in a running n8n: building them is
	// loading, not the request path.
	const nodeType = new EducationPlatform();
	const credentialsHelper = createCredentialsHelper(accessTokenCredentials(sandbox()));
	const { warmUp, measured, files } = await shippedFilesOf(async () =>
		runStudentNode(
			sandbox(),
			{ operation: 'getMany', returnAll: true, options: { pageSize: 100 } },
			{ nodeType, credentialsHelper, credentials: undefined, typeVersion: 2 },
		),
	);
	expect(warmUp.items).toHaveLength(500);
	expect(measured.items).toHaveLength(500);
	expectAtMost(files, 18);
	// Two Return All runs of 500 students, one under V8's precise coverage: under a second alone,
	// over jest's 5 s in a cold CI run on 2 cores beside the runtime installs (issue 48).
}, 120_000);
