// Release gates: placeholders to replace, changelog entry, provenance publishing, n8n's scanner.
import { outcome, type JsonObject, type Rule, type ScanResult } from '../model';
import { publishWorkflowProblems } from '../workflows';

/**
 * Values the repository ships with until the real organisation's are filled in (docs/releasing.md › Before
 * publishing): the placeholder GitHub organisation and reserved example domains (RFC 2606).
 */
export const PLACEHOLDER_MARKERS = [
	/github\.com\/education-platform\//i,
	/[@.]example(\.(com|org|net))?\b/i,
	/\.(invalid|test)\b/i,
];

const SEMVER =
	/^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

function text(value: unknown): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'object' && value) return Object.values(value).map(text).join(' ');
	return '';
}

export const publishingMetadata: Rule = {
	id: 'publishing-metadata',
	title:
		'repository (GitHub, for provenance), homepage, bugs, author: real values, not placeholders',
	check({ manifest }) {
		const problems: string[] = [];
		const repository = (manifest.repository as JsonObject | undefined)?.url;
		if (typeof repository !== 'string' || !/github\.com[/:][^/]+\/[^/]+/.test(repository)) {
			problems.push(
				"repository.url must be the public GitHub repository: npm provenance checks it against the workflow's repository",
			);
		}
		for (const field of ['homepage', 'author'])
			if (!text(manifest[field])) problems.push(`${field} is missing`);
		if (problems.length) return outcome(problems);
		const values = {
			repository: String(repository),
			homepage: text(manifest.homepage),
			bugs: text(manifest.bugs),
			author: text(manifest.author),
		};
		const placeholders = Object.entries(values)
			.filter(([, value]) => PLACEHOLDER_MARKERS.some((marker) => marker.test(value)))
			.map(([field, value]) => `${field} is a placeholder: ${value}`);
		return placeholders.length
			? {
					status: 'flag',
					details: [
						...placeholders,
						'replace them before publishing (docs/releasing.md: Before publishing)',
					],
				}
			: outcome([]);
	},
};

export const changelogEntry: Rule = {
	id: 'changelog',
	title: 'Semver version with its CHANGELOG.md section (Keep a Changelog)',
	check({ manifest, changelog }) {
		const version = String(manifest.version ?? '');
		const problems: string[] = [];
		if (!SEMVER.test(version)) problems.push(`version "${version}" is not semver`);
		if (!changelog) problems.push('CHANGELOG.md is missing');
		else if (
			!new RegExp(`^## \\[${version.replace(/[.+]/g, '\\$&')}\\] - \\d{4}-\\d{2}-\\d{2}`, 'm').test(
				changelog,
			)
		) {
			problems.push(`CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section`);
		}
		return outcome(problems);
	},
};

export const provenancePublishing: Rule = {
	id: 'provenance-workflow',
	title: 'Publishing from GitHub Actions with npm provenance (.github/workflows/publish.yml)',
	check({ publishWorkflow }) {
		return outcome(
			publishWorkflow
				? publishWorkflowProblems(publishWorkflow)
				: ['.github/workflows/publish.yml is missing'],
		);
	},
};

function scanProblems(label: string, result: ScanResult): string[] {
	return result.passed
		? []
		: [
				`${label}: ${result.message ?? 'failed'}`,
				...(result.details ? [result.details.trim()] : []),
			];
}

export const scannerLint: Rule = {
	id: 'scanner-lint',
	title: "n8n scanner's lint (eslint-disable ignored) on source and tarball",
	check({ scanner }) {
		return outcome([
			...scanProblems('source', scanner.source),
			...scanProblems('tarball', scanner.tarball),
		]);
	},
};
