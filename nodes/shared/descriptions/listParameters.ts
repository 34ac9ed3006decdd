import type { INodePropertyOptions, INodeProperties } from 'n8n-workflow';

// Get Many's Additional Filters and Sort, the same for every resource. list/query.ts turns
// them into `filter[...]` and `sort`; the texts name filters as the platform's documentation
// does (enrolled_after), without that request syntax.

export const additionalFiltersProperty: INodeProperties = {
	displayName: 'Additional Filters',
	name: 'additionalFilters',
	type: 'fixedCollection',
	placeholder: 'Add Additional Filter',
	typeOptions: { multipleValues: true },
	default: {},
	description:
		"Filters the Filters list does not offer, by the name the platform's documentation gives them (e.g. enrolled_after)",
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
					description:
						"The filter's name as the platform's documentation gives it, e.g. enrolled_after",
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
export function sortProperty(
	fields: INodePropertyOptions[],
	defaultField: string,
): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		placeholder: 'Add Sort Rule',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		description:
			'Order of the results. Later rules break ties of earlier ones; the API breaks remaining ties by ID.',
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					{
						displayName: 'Field',
						name: 'field',
						type: 'options',
						options: fields,
						default: defaultField,
					},
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
