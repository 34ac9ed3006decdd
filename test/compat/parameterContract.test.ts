/**
 * Compatibility (characterisation): every node and credential, as today's code builds it, in two
 * committed golden files:
 * - fixtures/parameter-contract.json, what saved workflows and stored credentials rely on:
 *   identity, parameter names and paths, types, defaults, option values, displayOptions, required,
 *   typeOptions, resource locator mode names. None of it may change without a new node version;
 *   a text change leaves this file untouched.
 * - fixtures/parameter-texts.json, what users read: display names, descriptions, placeholders,
 *   hints, option names and actions, notices (support/textSplit.ts lists them). Texts change
 *   freely (n8n's UX guidelines, test/guidelines/uxGuidelines.test.ts); the golden makes each change
 *   a reviewed diff.
 * Parameter order is in the texts golden only (support/textSplit.ts says why). A node whose
 * parameters differ by version is recorded once per version (see contract() below), so a new
 * version leaves the older ones' sections as they were.
 *
 * Regenerate both (a deliberate step; review the diff of the JSON):
 *   EDU_UPDATE_COMPAT=1 npx jest --selectProjects unit --testPathPatterns test/compat/parameterContract
 */
import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformPollingTrigger } from '../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { EducationPlatformTrigger } from '../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { defaultCredentialTypes } from '../harness';
import { golden } from './support/golden';
import {
	credentialContract,
	hasVersionConditions,
	nodeContractsByVersion,
} from './support/parameterContract';
import { contractPart, textPart } from './support/textSplit';

const NODES = [
	new EducationPlatform(),
	new EducationPlatformTrigger(),
	new EducationPlatformPollingTrigger(),
];

/**
 * Each node version whose parameters differ (`@version` conditions) viewed on its own, conditions
 * resolved and removed: the first version under the node's name, each later one under
 * `<name>@<version>`, so a new version leaves the older ones' sections as they were. `versions`:
 * the versions and the default of such a node.
 */
function contract() {
	return {
		versions: Object.fromEntries(
			NODES.filter(hasVersionConditions).map((node) => [
				node.description.name,
				{ version: node.description.version, defaultVersion: node.description.defaultVersion },
			]),
		),
		nodes: Object.fromEntries(NODES.flatMap(nodeContractsByVersion)),
		credentials: Object.fromEntries(
			defaultCredentialTypes().map((credential) => [
				credential.name,
				credentialContract(credential),
			]),
		),
	};
}

type Recorded = ReturnType<typeof contract>;

// The same checks on both goldens: each node and credential equals its recorded part, and neither
// file misses one or knows one no longer built.
describe.each([
	{
		golden: 'parameter-contract.json',
		part: contractPart,
		what: 'what saved workflows and credentials rely on',
	},
	{ golden: 'parameter-texts.json', part: textPart, what: 'what users read' },
])('$golden ($what)', ({ golden: file, part }) => {
	const actual = part(contract()) as Recorded;
	const expected = golden(file, actual);

	it.each(Object.keys(expected.nodes))(
		'node %s: identity, methods and every parameter are unchanged',
		(name) => {
			expect(actual.nodes[name]).toEqual(expected.nodes[name]);
		},
	);

	it.each(Object.keys(expected.credentials))(
		'credential %s: identity and every property are unchanged',
		(name) => {
			expect(actual.credentials[name]).toEqual(expected.credentials[name]);
		},
	);

	it('records which versions each node has, and which a new node gets', () => {
		expect(actual.versions).toEqual(expected.versions);
	});

	it('has no node or credential the fixture does not know', () => {
		expect(Object.keys(actual.nodes).sort()).toEqual(Object.keys(expected.nodes).sort());
		expect(Object.keys(actual.credentials).sort()).toEqual(
			Object.keys(expected.credentials).sort(),
		);
	});
});
