// Each release rule against the passing fixture with one thing broken: that rule, and only that
// rule, fails (or flags) and says what to fix.
import type { PackageUnderCheck, RuleStatus } from '../../../tooling/release-check/model';
import { RULES, runRules } from '../../../tooling/release-check/report';
import { goodPackage } from './fixtures';
import { descriptionLinks, guideLinkProblem } from '../../../tooling/release-check/rules/docs';

type Breakage = [
	rule: string,
	what: string,
	breakIt: (pkg: PackageUnderCheck) => void,
	expected: string,
	status?: RuleStatus,
	/** Rules the same change rightly breaks too. */
	alsoBroken?: string[],
];

const action = (pkg: PackageUnderCheck) => pkg.nodes[0];
const trigger = (pkg: PackageUnderCheck) => pkg.nodes[1];
const repo = (pkg: PackageUnderCheck) => pkg.repository!.texts;
const notice = (href: string) => ({
	displayName: `See <a href="${href}" target="_blank">the guide</a>`,
	name: 'seeGuide',
	type: 'notice',
	default: '',
});

const breakages: Breakage[] = [
	[
		'package-identity',
		'a name without n8n-nodes-',
		(p) => (p.manifest.name = 'acme-nodes'),
		'must be n8n-nodes-',
		'fail',
		['codex', 'documentation-urls'],
	],
	[
		'package-identity',
		'no community keyword',
		(p) => (p.manifest.keywords = ['n8n']),
		'n8n-community-node-package',
	],
	[
		'package-identity',
		'another licence',
		(p) => (p.manifest.license = 'ISC'),
		'license is "ISC", not "MIT"',
	],
	[
		'package-identity',
		'no LICENSE in the tarball',
		(p) => delete p.texts.LICENSE,
		'no LICENSE with the MIT text',
	],
	[
		'english',
		'a non-Latin option name',
		(p) =>
			(action(p).description.properties = [
				{ displayName: 'Mode', options: [{ name: 'Студент', value: 's' }] },
			]),
		'properties[0].options[0].name: "Студент"',
	],
	['english', 'a non-Latin README line', (p) => (p.texts['README.md'] += '\n学生\n'), 'README.md:'],
	[
		'english',
		'a README without content',
		(p) => (p.texts['README.md'] = '## Credentials\n## Acme node\n## Acme Trigger\n'),
		'no README.md with content',
	],
	[
		'no-runtime-dependencies',
		'a dependency',
		(p) => (p.manifest.dependencies = { axios: '1' }),
		'dependencies: axios',
	],
	[
		'no-runtime-dependencies',
		'overrides',
		(p) => (p.manifest.overrides = { lodash: '4' }),
		'overrides: lodash',
	],
	[
		'peer-n8n-workflow',
		'a pinned peer',
		(p) => (p.manifest.peerDependencies = { 'n8n-workflow': '^1' }),
		'{"n8n-workflow":"^1"}',
	],
	[
		'peer-n8n-workflow',
		'an extra peer',
		(p) => ((p.manifest.peerDependencies as object as Record<string, string>).luxon = '*'),
		'luxon',
	],
	[
		'no-lifecycle-scripts',
		'a postinstall',
		(p) => (p.manifest.scripts = { postinstall: 'node x.js' }),
		'scripts.postinstall',
	],
	[
		'n8n-block',
		'a path outside dist/',
		(p) => ((p.manifest.n8n as { nodes: string[] }).nodes[0] = 'nodes/Acme.node.js'),
		'is not under dist/',
	],
	[
		'n8n-block',
		'a path missing from the tarball',
		(p) => (p.files = p.files.filter((f) => !f.endsWith('AcmeApi.credentials.js'))),
		'AcmeApi.credentials.js is not in the tarball',
	],
	[
		'n8n-block',
		'a class that does not load',
		(p) => p.loadErrors.push('dist/x.node.js: does not export class X'),
		'does not export class X',
	],
	[
		'no-env-or-fs',
		'process.env',
		(p) => (p.texts[action(p).file] += 'const token = process.env.TOKEN;\n'),
		'Acme.node.js:3 reads process.env',
	],
	[
		'no-env-or-fs',
		'node:fs',
		(p) => (p.texts[trigger(p).file] += 'const fs = require("node:fs");\n'),
		'imports a file-system or process module',
	],
	[
		'no-env-or-fs',
		'child_process',
		(p) => (p.texts[trigger(p).file] += "const cp = require('child_process');\n"),
		'imports a file-system or process module',
	],
	[
		'no-env-or-fs',
		'globalThis.process',
		(p) => (p.texts[action(p).file] += 'globalThis.process.exit(1);\n'),
		'reaches process through globalThis',
	],
	[
		'credential-test',
		'a credential without a test',
		(p) => (p.credentials[0].hasTest = false),
		'acmeApi (dist/credentials/AcmeApi.credentials.js) has no test',
	],
	[
		'oauth2-naming',
		'an OAuth2 class named *Api',
		(p) => (p.credentials[1].className = 'AcmeOAuthApi'),
		'class AcmeOAuthApi must end with OAuth2Api',
	],
	[
		'oauth2-naming',
		'an OAuth2 displayName without OAuth2',
		(p) => (p.credentials[1].displayName = 'Acme OAuth API'),
		'displayName "Acme OAuth API" must contain OAuth2',
	],
	[
		'oauth2-naming',
		'an OAuth2 name that does not extend oAuth2Api',
		(p) => Object.assign(p.credentials[1], { extends: [], hasTest: true }),
		"must extend ['oAuth2Api']",
	],
	[
		'usable-as-tool',
		'an action node without usableAsTool',
		(p) => delete action(p).description.usableAsTool,
		'action node acme must set usableAsTool: true',
	],
	[
		'usable-as-tool',
		'a trigger with usableAsTool',
		(p) => (trigger(p).description.usableAsTool = true),
		'trigger acmeTrigger must not set usableAsTool',
	],
	[
		'trigger-shape',
		'a trigger with inputs',
		(p) => (trigger(p).description.inputs = ['main']),
		'inputs must be [] (is ["main"])',
	],
	[
		'trigger-shape',
		'a trigger not named *Trigger',
		(p) => (trigger(p).description.displayName = 'Acme Events'),
		'displayName "Acme Events" must end with Trigger',
	],
	[
		'trigger-shape',
		'a trigger outside group trigger',
		(p) => (trigger(p).description.group = ['transform']),
		'group must be ["trigger"]',
	],
	[
		'trigger-lifecycle',
		'a webhook trigger without delete',
		(p) => (trigger(p).methods.webhookMethods.default = ['checkExists', 'create']),
		'webhookMethods.default.delete is missing',
	],
	[
		'trigger-lifecycle',
		'a webhook trigger without webhookMethods',
		(p) => (trigger(p).methods.webhookMethods = {}),
		'has no webhookMethods',
	],
	[
		'trigger-lifecycle',
		'polling: true without poll()',
		(p) => (trigger(p).description.polling = true),
		'polling: true but no poll()',
	],
	['icons', 'a node without an icon', (p) => delete action(p).description.icon, 'has no icon'],
	[
		'icons',
		'an icon missing from the tarball',
		(p) => (p.files = p.files.filter((f) => f !== 'dist/icons/acme.dark.svg')),
		'icon dist/icons/acme.dark.svg is not in the tarball',
	],
	[
		'icons',
		'an icon that is not a file',
		(p) => (p.credentials[0].icon = 'fa:user'),
		'icon must be file:',
	],
	['codex', 'no codex file', (p) => delete action(p).codex, 'Acme.node.json) is missing'],
	[
		'codex',
		'a codex for another node type',
		(p) => (trigger(p).codex!.node = 'n8n-nodes-acme.acme'),
		'expected "n8n-nodes-acme.acmeTrigger"',
	],
	['codex', 'no categories', (p) => (action(p).codex!.categories = []), 'categories is empty'],
	[
		'documentation-urls',
		'an anchor the README lacks',
		(p) =>
			(p.credentials[0].documentationUrl =
				'https://www.npmjs.com/package/n8n-nodes-acme#authentication'),
		'no heading with anchor #authentication',
	],
	[
		'documentation-urls',
		'a page that is not the README',
		(p) => (p.credentials[1].documentationUrl = 'https://docs.acme.com/n8n#credentials'),
		'is not the README',
	],
	[
		'documentation-urls',
		'an anchor to a "# heading" inside a code block',
		(p) =>
			(p.credentials[0].documentationUrl = 'https://github.com/acme/n8n-nodes-acme#not-a-heading'),
		'no heading with anchor #not-a-heading',
	],
	[
		'documentation-urls',
		'a notice link to a guide heading that is gone',
		(p) =>
			(trigger(p).description.properties = [
				notice('https://github.com/acme/n8n-nodes-acme/blob/main/docs/trigger.md#setup'),
			]),
		'docs/trigger.md has no heading with anchor #setup',
	],
	[
		'documentation-urls',
		'a notice link to a guide that does not exist',
		(p) =>
			(trigger(p).description.properties = [
				notice('https://github.com/acme/n8n-nodes-acme/blob/main/docs/respond.md#respond'),
			]),
		'docs/respond.md does not exist',
	],
	[
		'documentation-urls',
		'a notice link to another site',
		(p) => (trigger(p).description.properties = [notice('https://docs.acme.com/trigger#set-up')]),
		'is neither the README nor a guide in docs/ on GitHub',
	],
	[
		'documentation-urls',
		'a notice link to a README anchor that is gone',
		(p) =>
			(trigger(p).description.properties = [
				notice('https://www.npmjs.com/package/n8n-nodes-acme#respond'),
			]),
		'the README has no heading with anchor #respond',
	],
	[
		'doc-links',
		'a link to a missing file',
		(p) => (repo(p)['README.md'] += '[guide](docs/polling.md)\n'),
		'README.md:17: docs/polling.md: docs/polling.md does not exist',
	],
	[
		'doc-links',
		'an anchor the linked page lacks',
		(p) => (repo(p)['docs/trigger.md'] += '[x](../README.md#acme-node-1)\n'),
		'docs/trigger.md:6: ../README.md#acme-node-1: README.md has no heading with anchor #acme-node-1',
	],
	[
		'doc-links',
		'an anchor the page itself lacks',
		(p) =>
			(repo(p)['docs/trigger.md'] = repo(p)['docs/trigger.md'].replace('## Set up', '## Setup')),
		'docs/trigger.md has no heading with anchor #set-up',
	],
	[
		'doc-links',
		'an npm link to a README anchor that is gone',
		(p) =>
			(repo(p)['docs/trigger.md'] +=
				`[npm](https://www.npmjs.com/package/n8n-nodes-acme#trigger)\n`),
		'README.md has no heading with anchor #trigger',
	],
	[
		'doc-links',
		'a section cited in code that is gone',
		(p) => (repo(p)['nodes/Acme/Acme.node.ts'] += '// see docs/trigger.md \u0022Setup\u0022\n'),
		'nodes/Acme/Acme.node.ts:2: docs/trigger.md has no section "Setup"',
	],
	[
		'doc-links',
		'no repository',
		(p) => delete p.repository,
		'the repository was not read',
		'fail',
		['quoted-messages'],
	],
	[
		'quoted-messages',
		'a quote the source no longer says',
		(p) =>
			(repo(p)['nodes/Acme/Acme.node.ts'] = 'throw new Error(`Acme declined request ${index}`);\n'),
		'README.md:16: "Acme refused request N" is in no string of the source',
	],
	[
		'scanner-lint',
		'a scanner violation in the tarball',
		(p) =>
			(p.scanner.tarball = {
				passed: false,
				message: 'ESLint violations found',
				details: 'x.js  1:1  error',
			}),
		'tarball: ESLint violations found',
	],
	[
		'provenance-workflow',
		'publish without provenance',
		(p) => (p.publishWorkflow = p.publishWorkflow!.replace('--provenance ', '')),
		'must pass --provenance --access public',
	],
	[
		'provenance-workflow',
		'no publish workflow',
		(p) => delete p.publishWorkflow,
		'publish.yml is missing',
	],
	[
		'changelog',
		'no section for the version',
		(p) => (p.manifest.version = '1.3.0'),
		'no "## [1.3.0] - YYYY-MM-DD" section',
	],
	[
		'changelog',
		'a version that is not semver',
		(p) => (p.manifest.version = '1.2'),
		'version "1.2" is not semver',
	],
	[
		'publishing-metadata',
		'a placeholder homepage',
		(p) => (p.manifest.homepage = 'https://github.com/education-platform/n8n-nodes-acme#readme'),
		'homepage is a placeholder',
		'flag',
	],
	[
		'publishing-metadata',
		'a repository outside GitHub',
		(p) => (p.manifest.repository = { type: 'git', url: 'https://gitlab.com/acme/x.git' }),
		'repository.url must be the public GitHub repository',
	],
];

describe('release rules', () => {
	it('covers every rule with at least one breaking fixture', () => {
		expect(new Set(breakages.map(([rule]) => rule))).toEqual(new Set(RULES.map((rule) => rule.id)));
	});

	it.each(breakages)(
		'%s: %s',
		(rule, _what, breakIt, expected, status = 'fail', alsoBroken = []) => {
			const pkg = goodPackage();
			breakIt(pkg);
			const broken = runRules(pkg).filter((result) => result.status !== 'pass');
			expect(broken.map((result) => result.id).sort()).toEqual([rule, ...alsoBroken].sort());
			const result = broken.find((r) => r.id === rule)!;
			expect(result.status).toBe(status);
			expect(result.details.join('\n')).toContain(expected);
		},
	);

	it('treats a node with a trigger-style name as a trigger even when it forgets group and methods', () => {
		const pkg = goodPackage();
		Object.assign(pkg.nodes[1].description, { group: ['transform'], inputs: ['main'] });
		pkg.nodes[1].methods = { ...pkg.nodes[1].methods, webhook: false, webhookMethods: {} };
		const failed = runRules(pkg).filter((result) => result.status === 'fail');
		expect(failed.map((result) => result.id)).toEqual(['trigger-shape']);
		expect(failed[0].details).toEqual([
			'acmeTrigger: group must be ["trigger"]',
			'acmeTrigger: inputs must be [] (is ["main"])',
			'acmeTrigger: a trigger needs webhook(), poll() or trigger()',
		]);
	});

	it('accepts a credential a node tests through testedBy, and a polling trigger with poll()', () => {
		const pkg = goodPackage();
		pkg.credentials[0].hasTest = false;
		pkg.nodes[0].description.credentials = [{ name: 'acmeApi', testedBy: 'acmeApiTest' }];
		pkg.nodes[0].methods.credentialTest = ['acmeApiTest'];
		pkg.nodes[1].description.polling = true;
		pkg.nodes[1].methods = {
			...pkg.nodes[1].methods,
			webhook: false,
			webhookMethods: {},
			poll: true,
		};
		expect(runRules(pkg).filter((result) => result.status !== 'pass')).toEqual([]);
	});
});

describe('links in node texts', () => {
	it('pass when they name a heading of a guide in docs/ or of the README', () => {
		const manifest = {
			name: 'n8n-nodes-acme',
			repository: { url: 'git+https://github.com/acme/n8n-nodes-acme.git' },
		};
		const repository = {
			files: ['docs/trigger.md'],
			texts: { 'docs/trigger.md': '# Acme Trigger\n\n## Set up\n' },
		};
		expect(
			guideLinkProblem(
				'https://github.com/acme/n8n-nodes-acme/blob/main/docs/trigger.md#set-up',
				manifest,
				repository,
			),
		).toBeUndefined();
		expect(descriptionLinks({ properties: [notice('https://x.test/a#b')] })).toEqual([
			'https://x.test/a#b',
		]);
	});
});
