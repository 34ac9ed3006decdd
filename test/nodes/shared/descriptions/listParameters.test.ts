import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import {
	additionalFiltersProperty,
	sortProperty,
} from '../../../../nodes/shared/descriptions/listParameters';

/** The fields of a fixedCollection's one group, by parameter name (what the workflow JSON stores). */
const groupFields = (property: INodeProperties) => {
	const [group] = property.options as INodePropertyCollection[];
	return { group: group.name, fields: group.values.map((value) => value.name) };
};

describe('Additional Filters and Sort', () => {
	it('store additionalFilters.filter[].{name,value}', () => {
		expect(additionalFiltersProperty).toMatchObject({
			name: 'additionalFilters',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
		});
		expect(groupFields(additionalFiltersProperty)).toEqual({
			group: 'filter',
			fields: ['name', 'value'],
		});
	});

	it("store sort.rule[].{field,direction}, offering the resource's fields and asc/desc", () => {
		const fields = [
			{ name: 'Created At', value: 'created_at' },
			{ name: 'ID', value: 'id' },
		];
		const sort = sortProperty(fields, 'created_at');
		expect(sort).toMatchObject({
			name: 'sort',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
		});
		expect(groupFields(sort)).toEqual({ group: 'rule', fields: ['field', 'direction'] });
		const [field, direction] = (sort.options as INodePropertyCollection[])[0].values;
		expect(field).toMatchObject({ options: fields, default: 'created_at' });
		expect(
			direction.options?.map((option) => ('value' in option ? option.value : undefined)),
		).toEqual(['asc', 'desc']);
		expect(direction.default).toBe('asc');
	});
});
