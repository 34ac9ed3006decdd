import type { INodePropertyOptions, INodeProperties } from 'n8n-workflow';

// Get Many's Additional Filters and Sort, the same for every resource. list/query.ts turns
// them into `filter[...]` and `sort`.

export const additionalFiltersProperty: INodeProperties = {
	displayName: 'Additional Filters',
	name: 'additionalFilters',
	type: 'fixedCollection',
	placeholder: 'Add Additional Filter',
	typeOptions: { multipleValues: true },
	default: {},
	description:
		'Filters the Filters list does not offer (e.g. enrolled_after), each sent as <code>filter[name]=value</code>',
	options: [
		{
			displayName: 'Filter',
			name: 'filter',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					placeholder: 'e.g. enrolled_after',
					default: '',
					description: 'The filter name from the API documentation, without <code>filter[ ]</code>',
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					placeholder: 'e.g. 2024-08-31',
					default: '',
					description: 'The value to match. Separate several with commas to match any of them.',
				},
			],
		},
	],
};

/** The Sort rules of a resource with these sortable fields. */
export function sortProperty(fields: INodePropertyOptions[], defaultField: string): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		placeholder: 'Add Sort Rule',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		description: 'Order of the results. Later rules break ties of earlier ones; the API breaks remaining ties by ID.',
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					{ displayName: 'Field', name: 'field', type: 'options', options: fields, default: defaultField },
					{
						displayName: 'Direction',
						name: 'direction',
						type: 'options',
						options: [
							{ name: 'Ascending', value: 'asc' },
							{ name: 'Descending', value: 'desc' },
						],
						default: 'asc',
					},
				],
			},
		],
	};
}
