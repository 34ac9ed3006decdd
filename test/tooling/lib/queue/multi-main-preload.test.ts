// The development-and-testing preload of the mains (tooling/lib/queue/multi-main-preload.cjs),
// loaded into a real Node process with --require as the mains get it, against a module shaped like
// n8n 2.41.1's dist/license.js (a License class whose isMultiMainLicensed asks isLicensed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';

const PRELOAD = path.resolve(__dirname, '../../../../tooling/lib/queue/multi-main-preload.cjs');

const FAKE_LICENSE = `
class License {
	isLicensed(feature) { return feature === 'feat:sharing'; }
	isMultiMainLicensed() { return this.isLicensed('feat:multipleMainInstances'); }
}
exports.License = License;
`;

describe('the multi-main licence preload (development and testing only)', () => {
	let dir: string;
	beforeAll(() => {
		dir = mkdtempSync(path.join(tmpdir(), 'multi-main-preload-'));
		writeFileSync(path.join(dir, 'license.js'), FAKE_LICENSE);
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	const run = (preload: boolean, env: NodeJS.ProcessEnv = {}) =>
		JSON.parse(
			execFileSync(
				process.execPath,
				[
					...(preload ? ['--require', PRELOAD] : []),
					'-e',
					`
				const { License } = require(${JSON.stringify(path.join(dir, 'license.js'))});
				const license = new License();
				console.log(JSON.stringify({ licensed: [license.isMultiMainLicensed(), license.isLicensed('feat:sharing'), license.isLicensed('feat:ldap')], hostname: require('node:os').hostname() }));
			`,
				],
				{ encoding: 'utf8', env: { PATH: process.env.PATH, ...env } },
			),
		) as { licensed: boolean[]; hostname: string };

	it("grants only n8n's multi-main feature and leaves every other answer to n8n's licence", () => {
		expect(run(false).licensed).toEqual([false, true, false]);
		expect(run(true).licensed).toEqual([true, true, false]);
	});

	it('names the process EDU_MAIN_HOSTNAME (n8n names a main in a container after the host), and leaves the name alone without it', () => {
		expect(run(true, { EDU_MAIN_HOSTNAME: 'box-n8n-main-2' }).hostname).toBe('box-n8n-main-2');
		expect(run(true).hostname).toBe(hostname());
	});
});
