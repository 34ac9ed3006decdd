// Node and credential shape rules, generic over every entry of the n8n block.
import {
	isTriggerNode,
	nodeLabel,
	outcome,
	type NodeUnderCheck,
	type PackageUnderCheck,
	type Rule,
} from '../model';

const WEBHOOK_LIFECYCLE = ['checkExists', 'create', 'delete'];
const OAUTH2 = /oauth2/i;

/** Credential names some node tests itself (`testedBy` with a matching methods.credentialTest entry). */
function credentialsTestedByNodes(nodes: NodeUnderCheck[]): Set<string> {
	const tested = new Set<string>();
	for (const node of nodes) {
		const credentials = Array.isArray(node.description.credentials)
			? node.description.credentials
			: [];
		for (const credential of credentials as Array<{ name?: string; testedBy?: unknown }>) {
			if (
				typeof credential.testedBy === 'string' &&
				node.methods.credentialTest.includes(credential.testedBy)
			) {
				tested.add(String(credential.name));
			}
		}
	}
	return tested;
}

export const credentialTests: Rule = {
	id: 'credential-test',
	title: 'Every credential has a test (own `test`, OAuth2 flow, or a node `testedBy`)',
	check({ credentials, nodes }) {
		const testedByNodes = credentialsTestedByNodes(nodes);
		return outcome(
			credentials
				.filter((c) => !c.hasTest && !c.extends.includes('oAuth2Api') && !testedByNodes.has(c.name))
				.map((c) => `${c.name} (${c.file}) has no test: add \`test: ICredentialTestRequest\``),
			[`${credentials.length} credential(s)`],
		);
	},
};

export const oauth2Naming: Rule = {
	id: 'oauth2-naming',
	title: 'OAuth2 credentials: class *OAuth2Api, name and displayName say OAuth2, extend oAuth2Api',
	check({ credentials }) {
		const problems: string[] = [];
		for (const c of credentials) {
			const isOAuth2 = [c.className, c.name, c.displayName, ...c.extends].some((value) =>
				OAUTH2.test(value),
			);
			if (!isOAuth2) continue;
			if (!c.className.endsWith('OAuth2Api'))
				problems.push(`class ${c.className} must end with OAuth2Api`);
			if (!OAUTH2.test(c.name))
				problems.push(`${c.className}: name "${c.name}" must contain OAuth2`);
			if (!OAUTH2.test(c.displayName))
				problems.push(`${c.className}: displayName "${c.displayName}" must contain OAuth2`);
			if (!c.extends.includes('oAuth2Api'))
				problems.push(`${c.className} must extend ['oAuth2Api']`);
		}
		return outcome(problems);
	},
};

export const usableAsTool: Rule = {
	id: 'usable-as-tool',
	title: 'usableAsTool on every action node, never on a trigger',
	check({ nodes }) {
		const problems: string[] = [];
		for (const node of nodes) {
			const flagged = node.description.usableAsTool === true;
			if (isTriggerNode(node) && flagged)
				problems.push(`trigger ${nodeLabel(node)} must not set usableAsTool`);
			if (!isTriggerNode(node) && !flagged)
				problems.push(`action node ${nodeLabel(node)} must set usableAsTool: true`);
		}
		return outcome(problems);
	},
};

export const triggerShape: Rule = {
	id: 'trigger-shape',
	title: 'Triggers: name and displayName end with Trigger, group ["trigger"], inputs: []',
	check({ nodes }) {
		const problems: string[] = [];
		const triggers = nodes.filter(isTriggerNode);
		for (const node of triggers) {
			const { name, displayName, group, inputs } = node.description;
			const label = nodeLabel(node);
			if (!String(name).endsWith('Trigger')) problems.push(`${label}: name must end with Trigger`);
			if (!String(displayName).endsWith('Trigger'))
				problems.push(`${label}: displayName "${String(displayName)}" must end with Trigger`);
			if (!Array.isArray(group) || !group.includes('trigger'))
				problems.push(`${label}: group must be ["trigger"]`);
			if (!Array.isArray(inputs) || inputs.length > 0)
				problems.push(`${label}: inputs must be [] (is ${JSON.stringify(inputs)})`);
			if (!node.methods.webhook && !node.methods.poll && !node.methods.trigger) {
				problems.push(`${label}: a trigger needs webhook(), poll() or trigger()`);
			}
		}
		return outcome(problems, [`${triggers.length} trigger(s)`]);
	},
};

function webhookLifecycleProblems(node: NodeUnderCheck): string[] {
	const label = nodeLabel(node);
	const groups = Object.entries(node.methods.webhookMethods);
	if (groups.length === 0)
		return [`${label}: webhook trigger has no webhookMethods (checkExists, create, delete)`];
	return groups.flatMap(([group, implemented]) =>
		WEBHOOK_LIFECYCLE.filter((method) => !implemented.includes(method)).map(
			(method) => `${label}: webhookMethods.${group}.${method} is missing`,
		),
	);
}

function pollingProblems(node: NodeUnderCheck): string[] {
	const polling = node.description.polling === true;
	if (polling && !node.methods.poll) return [`${nodeLabel(node)}: polling: true but no poll()`];
	if (!polling && node.methods.poll)
		return [`${nodeLabel(node)}: poll() without polling: true in the description`];
	return [];
}

export const triggerLifecycle: Rule = {
	id: 'trigger-lifecycle',
	title: 'Webhook triggers implement checkExists/create/delete; polling triggers poll()',
	check({ nodes }: PackageUnderCheck) {
		const webhookTriggers = nodes.filter((node) => isTriggerNode(node) && node.methods.webhook);
		return outcome(
			[...webhookTriggers.flatMap(webhookLifecycleProblems), ...nodes.flatMap(pollingProblems)],
			[
				`${webhookTriggers.length} webhook trigger(s), ${nodes.filter((n) => n.methods.poll).length} polling`,
			],
		);
	},
};
