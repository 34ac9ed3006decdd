import { formatReport, releaseBlocked, runRules } from '../../../tooling/release-check/report';
import { goodPackage } from './fixtures';

describe('the release check report', () => {
	it('passes every rule on a package that is ready', () => {
		const results = runRules(goodPackage());
		expect(results.filter((r) => r.status !== 'pass')).toEqual([]);
		expect(releaseBlocked(results, true)).toBe(false);
		expect(formatReport(results, false)).toContain(
			`${results.length} passed, 0 flagged, 0 failed\nREADY to release.`,
		);
	});

	it('prints a flagged placeholder as FLAG, which blocks only --strict (the publish workflow)', () => {
		const pkg = goodPackage();
		pkg.manifest.author = { name: 'Someone', email: 'someone@acme.example' };
		const results = runRules(pkg);
		const report = formatReport(results, false);
		expect(report).toMatch(/^FLAG {2}publishing-metadata/m);
		expect(report).toContain('- author is a placeholder: Someone someone@acme.example');
		expect(report).toContain('1 flagged, 0 failed');
		expect(releaseBlocked(results, false)).toBe(false);
		expect(releaseBlocked(results, true)).toBe(true);
		expect(formatReport(results, true)).toContain('NOT READY (--strict)');
	});

	it('prints a broken rule as FAIL with what to fix, and blocks the release', () => {
		const pkg = goodPackage();
		pkg.manifest.dependencies = { axios: '^1.0.0' };
		const results = runRules(pkg);
		const report = formatReport(results, false);
		expect(report).toMatch(/^FAIL {2}no-runtime-dependencies .*\n {2,}- dependencies: axios$/m);
		expect(report).toContain('NOT READY: fix the FAIL rules.');
		expect(releaseBlocked(results, false)).toBe(true);
	});

	it('turns a rule that throws into a FAIL instead of crashing the check', () => {
		const [result] = runRules(goodPackage(), [
			{
				id: 'boom',
				title: 'Boom',
				check: () => {
					throw new Error('bad data');
				},
			},
		]);
		expect(result).toEqual({
			id: 'boom',
			title: 'Boom',
			status: 'fail',
			details: ['the rule threw: bad data'],
		});
	});
});
