// Version 2's Simplify and the tool variant's Output and Fields, as n8n resolves their display
// conditions (`@version`, and `@tool` from the node type's name) in the node and its tool variant.
import { NodeHelpers, type INodeParameters } from 'n8n-workflow';
import { outputProperties } from '../../../../nodes/shared/descriptions/output';
import { resource as payment } from '../../../../nodes/shared/resources/payment';
import { EducationPlatform } from '../../../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformTool } from '../../EducationPlatform/toolVariant';

const [simplify, output, fields] = outputProperties(payment);

/** The names of the parameters a node (or its tool variant) of this version shows with these values. */
function shown(tool: boolean, typeVersion: number, values: INodeParameters = {}): string[] {
	const { description } = tool ? new EducationPlatformTool() : new EducationPlatform();
	return [simplify, output, fields]
		.filter((property) =>
			NodeHelpers.displayParameter(
				{ output: 'simplified', ...values },
				property,
				{ typeVersion },
				description,
			),
		)
		.map((property) => property.name);
}

describe('Simplify, Output and Fields', () => {
	it('version 2: Simplify in the node, on by default; Output in the tool variant, and Fields only with Selected Fields', () => {
		expect(simplify).toMatchObject({
			type: 'boolean',
			default: true,
			description: 'Whether to return a simplified version of the response instead of the raw data',
		});
		expect(shown(false, 2)).toEqual(['simplify']);
		expect(shown(true, 2)).toEqual(['output']);
		expect(shown(true, 2, { output: 'selected' })).toEqual(['output', 'fields']);
	});

	it('version 1 shows none of them (its Simplify is inside Options)', () => {
		expect(shown(false, 1)).toEqual([]);
		expect(shown(true, 1)).toEqual([]);
	});

	it("Output offers Simplified (the default), Raw and Selected Fields; Fields lists the record's fields but the ID, which is always kept", () => {
		expect(output.default).toBe('simplified');
		expect(output.options?.map((option) => ('value' in option ? option.value : undefined))).toEqual(
			['simplified', 'raw', 'selected'],
		);
		const values = fields.options?.map((option) => ('value' in option ? option.value : undefined));
		expect(values).toEqual(expect.arrayContaining(['amount', 'status', 'paid_at', 'student_id']));
		expect(values).not.toContain('id');
		expect(
			fields.options?.find((option) => 'value' in option && option.value === 'paid_at')?.name,
		).toBe('Paid At');
	});
});
