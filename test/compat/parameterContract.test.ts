/**
 * Compatibility (characterisation): the parameter contract of every node and credential, as
 * today's code builds it, equals the committed fixtures/parameter-contract.json. A saved workflow
 * stores parameter names and option values; a user sees display names, option names, texts and
 * defaults: none of them may change without a new node version.
 *
 * Regenerate (a deliberate step; review the diff of the JSON):
 *   EDU_UPDATE_COMPAT=1 npx jest --selectProjects unit --testPathPatterns test/compat/parameterContract
 */
import { EducationPlatformApi } from '../../credentials/EducationPlatformApi.credentials';
import { EducationPlatformOAuth2Api } from '../../credentials/EducationPlatformOAuth2Api.credentials';
import { EducationPlatformWebhookSigningApi } from '../../credentials/EducationPlatformWebhookSigningApi.credentials';
import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformPollingTrigger } from '../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { EducationPlatformTrigger } from '../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { golden } from './support/golden';
import { credentialContract, hasVersionConditions, nodeContractsByVersion } from './support/parameterContract';

const NODES = [new EducationPlatform(), new EducationPlatformTrigger(), new EducationPlatformPollingTrigger()];

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
			[new EducationPlatformApi(), new EducationPlatformOAuth2Api(), new EducationPlatformWebhookSigningApi()].map(
				(credential) => [credential.name, credentialContract(credential)],
			),
		),
	};
}

describe('parameter contract (what saved workflows and credentials rely on)', () => {
	const actual = contract();
	const expected = golden('parameter-contract.json', actual);

	it.each(Object.keys(expected.nodes))('node %s: identity, methods and every parameter are unchanged', (name) => {
		expect(actual.nodes[name]).toEqual(expected.nodes[name]);
	});

	it.each(Object.keys(expected.credentials))('credential %s: identity and every property are unchanged', (name) => {
		expect(actual.credentials[name]).toEqual(expected.credentials[name]);
	});

	it('records which versions each node has, and which a new node gets', () => {
		expect(actual.versions).toEqual(expected.versions);
	});

	it('has no node or credential the fixture does not know', () => {
		expect(Object.keys(actual.nodes).sort()).toEqual(Object.keys(expected.nodes).sort());
		expect(Object.keys(actual.credentials).sort()).toEqual(Object.keys(expected.credentials).sort());
	});
});
