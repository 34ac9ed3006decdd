// The version display conditions as n8n resolves them (n8n-workflow's displayParameter, which the
// editor and the engine use): what a node of each version shows.
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';
import {
	beforeVersion,
	onlyIn,
	sinceVersion,
} from '../../../../nodes/shared/descriptions/nodeVersion';
import { EducationPlatform } from '../../../../nodes/EducationPlatform/EducationPlatform.node';

const description: INodeTypeDescription = new EducationPlatform().description;
const shownIn = (property: INodeProperties, typeVersion: number) =>
	NodeHelpers.displayParameter({ resource: 'student' }, property, { typeVersion }, description);
const field: INodeProperties = {
	displayName: 'Field',
	name: 'field',
	type: 'string',
	default: '',
	displayOptions: { show: { resource: ['student'] } },
};

describe('node version conditions', () => {
	it('sinceVersion(2) shows a parameter from version 2 on, beforeVersion(2) only before it', () => {
		expect([1, 2, 3].map((version) => shownIn(onlyIn(field, sinceVersion(2)), version))).toEqual([
			false,
			true,
			true,
		]);
		expect([1, 2, 3].map((version) => shownIn(onlyIn(field, beforeVersion(2)), version))).toEqual([
			true,
			false,
			false,
		]);
	});

	it("onlyIn keeps the parameter's own conditions", () => {
		const versioned = onlyIn(field, sinceVersion(2));
		expect(versioned.displayOptions?.show).toEqual({ resource: ['student'], ...sinceVersion(2) });
		expect(
			NodeHelpers.displayParameter(
				{ resource: 'payment' },
				versioned,
				{ typeVersion: 2 },
				description,
			),
		).toBe(false);
	});

	it('the action node offers versions 1 and 2, and a new node gets 2', () => {
		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
	});
});
