// What n8n's editor lists under "The '…' node has issues:" for a By ID that does not match: computed
// by n8n's own NodeHelpers.getNodeParametersIssues on the node's description, for every picker of
// every resource and operation, in each node version.
import type { INode, INodeProperties, INodePropertyModeValidation } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { EducationPlatform } from '../../../../nodes/EducationPlatform/EducationPlatform.node';

const description = new EducationPlatform().description;
const versions = [description.version].flat();

/** Each top-level picker with an editor check, and the message that check gives. */
const checkedPickers = description.properties.flatMap((property: INodeProperties) => {
	const byId =
		property.type === 'resourceLocator'
			? property.modes?.find((mode) => mode.name === 'id')
			: undefined;
	const validation = byId?.validation?.[0] as INodePropertyModeValidation | undefined;
	const message =
		validation && 'properties' in validation
			? (validation.properties as { errorMessage: string }).errorMessage
			: undefined;
	return message === undefined ? [] : [{ property, message }];
});

/** The node with `value` in the picker's By ID, and every other required field filled in (a picker From List). */
function nodeWith(property: INodeProperties, version: number, value: string): INode {
	const show = property.displayOptions?.show ?? {};
	const others = description.properties.filter(
		(other) => other.required === true && other.name !== property.name,
	);
	return {
		id: 'picker-issues',
		name: 'Education Platform',
		type: 'n8n-nodes-education-platform.educationPlatform',
		typeVersion: version,
		position: [0, 0],
		parameters: {
			resource: String(show.resource?.[0]),
			operation: String(show.operation?.[0]),
			...Object.fromEntries(
				others.map((other) => [
					other.name,
					other.type === 'resourceLocator'
						? { __rl: true, mode: 'list', value: 'picked' }
						: 'picked',
				]),
			),
			[property.name]: { __rl: true, mode: 'id', value },
		},
	};
}

function issueLines(node: INode): string[] {
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
	return issues === null ? [] : NodeHelpers.nodeIssuesToString(issues, node);
}

describe("n8n's node issues for a By ID that is not an ID", () => {
	it('covers the pickers of Student, Enrollment, Payment, Exam Result and the webhook records', () => {
		expect(
			new Set(checkedPickers.map(({ property }) => property.displayOptions?.show?.resource?.[0]))
				.size,
		).toBeGreaterThanOrEqual(6);
	});

	for (const version of versions) {
		it.each(
			checkedPickers.map(
				({ property, message }) =>
					[
						`${String(property.displayOptions?.show?.resource?.[0])} › ${property.name}`,
						property,
						message,
					] as const,
			),
		)(`version ${version}, %s: one line, the picker's own`, (_label, property, message) => {
			const node = nodeWith(property, version, 'S-2017-000001');
			if (!NodeHelpers.displayParameter(node.parameters, property, node, description)) return;
			expect(issueLines(node)).toEqual([message]);
		});
	}

	it("a student number in Student → Get's By ID gives one line that says how to find the ID", () => {
		const student = checkedPickers.find(
			({ property }) => property.displayOptions?.show?.resource?.[0] === 'student',
		);
		expect(student?.message).toBe(
			'A student ID is a whole number, e.g. 1042, not the student number (S-…): pick the student From List, or find the ID with Get many students',
		);
		expect(
			issueLines(nodeWith(student!.property, versions[versions.length - 1], 'S-2017-000001')),
		).toEqual([
			'A student ID is a whole number, e.g. 1042, not the student number (S-…): pick the student From List, or find the ID with Get many students',
		]);
	});

	it('a well-formed ID gives no issue', () => {
		for (const { property } of checkedPickers) {
			const node = nodeWith(
				property,
				2,
				String(property.modes?.find((mode) => mode.name === 'id')?.placeholder).replace(
					/^e\.g\. /,
					'',
				),
			);
			expect(issueLines(node)).toEqual([]);
		}
	});
});
