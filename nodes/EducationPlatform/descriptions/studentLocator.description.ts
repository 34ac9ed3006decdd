import type { INodeProperties } from 'n8n-workflow';

/**
 * A student picker: "From List" searches the platform (by name, student number or e-mail through
 * `filter[search]`, methods/listSearch.ts), "By ID" takes the numeric ID, e.g. from `$fromAI` or an
 * earlier node. Used by Student → Get and by every Student filter.
 */
export function studentLocator(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Search by name, student number or email…',
				typeOptions: { searchListMethod: 'searchStudents', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1042',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*[0-9]+\\s*$', errorMessage: 'A student ID is a whole number, e.g. 1042' },
					},
				],
			},
		],
	};
}
