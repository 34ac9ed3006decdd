import { optionsCollection, simplifyOption } from '../../../../nodes/shared/descriptions/options';

describe('Options collection and Simplify', () => {
	it("names the kept fields in Simplify's description, off by default", () => {
		expect(simplifyOption('id, name')).toEqual({
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description:
				'Whether to return a flat subset of fields (id, name) instead of the full record',
		});
	});

	it('wraps the options in the "options" collection, empty by default', () => {
		const simplify = simplifyOption('id');
		const collection = optionsCollection([simplify]);
		expect(collection).toMatchObject({
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			default: {},
		});
		expect(collection.options).toEqual([simplify]);
	});
});
