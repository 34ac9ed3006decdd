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
import { credentialContract, nodeContract } from './support/parameterContract';

function contract() {
	return {
		nodes: Object.fromEntries(
			[new EducationPlatform(), new EducationPlatformTrigger(), new EducationPlatformPollingTrigger()].map((node) => [
				node.description.name,
				nodeContract(node),
			]),
		),
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

	it('has no node or credential the fixture does not know', () => {
		expect(Object.keys(actual.nodes).sort()).toEqual(Object.keys(expected.nodes).sort());
		expect(Object.keys(actual.credentials).sort()).toEqual(Object.keys(expected.credentials).sort());
	});
});
