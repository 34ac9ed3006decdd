// Runs every rule and renders the table. A flag (placeholder to replace) is not a failure unless
// the check runs --strict, as the publish workflow does.
import type { PackageUnderCheck, RuleResult } from './model';
import { codex, docLinks, documentationUrls, icons, quotedMessages } from './rules/docs';
import {
	n8nBlockInDist,
	noLifecycleScripts,
	noRuntimeDependencies,
	packageIdentity,
	peerDependencyOnly,
} from './rules/manifest';
import { englishText, noEnvironmentOrFileAccess } from './rules/nodeCode';
import {
	credentialTests,
	oauth2Naming,
	triggerLifecycle,
	triggerShape,
	usableAsTool,
} from './rules/nodes';
import {
	changelogEntry,
	provenancePublishing,
	publishingMetadata,
	scannerLint,
} from './rules/release';

const ID_WIDTH = 24;

export const RULES = [
	packageIdentity,
	englishText,
	noRuntimeDependencies,
	peerDependencyOnly,
	noLifecycleScripts,
	n8nBlockInDist,
	noEnvironmentOrFileAccess,
	credentialTests,
	oauth2Naming,
	usableAsTool,
	triggerShape,
	triggerLifecycle,
	icons,
	codex,
	documentationUrls,
	docLinks,
	quotedMessages,
	scannerLint,
	provenancePublishing,
	changelogEntry,
	publishingMetadata,
];

export function runRules(pkg: PackageUnderCheck, rules = RULES): RuleResult[] {
	return rules.map((rule) => {
		try {
			return { id: rule.id, title: rule.title, ...rule.check(pkg) };
		} catch (error) {
			return {
				id: rule.id,
				title: rule.title,
				status: 'fail',
				details: [`the rule threw: ${(error as Error).message}`],
			};
		}
	});
}

export function releaseBlocked(results: RuleResult[], strict: boolean): boolean {
	return results.some((result) => result.status === 'fail' || (strict && result.status === 'flag'));
}

export function formatReport(results: RuleResult[], strict: boolean): string {
	const lines: string[] = [];
	for (const result of results) {
		lines.push(
			`${result.status.toUpperCase().padEnd(4)}  ${result.id.padEnd(ID_WIDTH)} ${result.title}`,
		);
		for (const detail of result.details) {
			for (const line of detail.split('\n'))
				lines.push(`      ${' '.repeat(ID_WIDTH)} ${result.status === 'pass' ? '' : '- '}${line}`);
		}
	}
	const count = (status: string) => results.filter((result) => result.status === status).length;
	const [failed, flagged] = [count('fail'), count('flag')];
	lines.push('');
	lines.push(`${count('pass')} passed, ${flagged} flagged, ${failed} failed`);
	if (releaseBlocked(results, strict)) {
		lines.push(
			failed
				? 'NOT READY: fix the FAIL rules.'
				: 'NOT READY (--strict): replace the flagged placeholders (docs/releasing.md: Before publishing).',
		);
	} else {
		lines.push(
			flagged
				? 'READY apart from the FLAG rules: replace them before the first publish (docs/releasing.md: Before publishing).'
				: 'READY to release.',
		);
	}
	return lines.join('\n');
}
