// Pure: no n8n import.
// A record picker, n8n's resource locator in the one shape the nodes offer: "From List" searches
// the platform through a listSearch method, "By ID" takes an ID (e.g. from `$fromAI` or an earlier
// node) that its pattern accepts, white space around it allowed as the parsers trim it.
import type { INodeProperties } from 'n8n-workflow';

interface RecordPicker {
	name: string;
	displayName: string;
	description: string;
	required?: boolean;
	/** "From List": the listSearch method it searches with, and what its search box says. */
	list: { searchListMethod: string; placeholder: string };
	/**
	 * "By ID": an example ID and, checked in the editor, the pattern an ID matches (a regex source)
	 * with the message when it does not. A picker inside a collection goes without the check: n8n
	 * checks a collection's options against the node's top-level parameter of the same name
	 * (n8n-workflow getParameterIssues), so it would repeat that parameter's message once per collection.
	 */
	id: { example: string; check?: { pattern: string; errorMessage: string } };
}

export function recordPicker({
	name,
	displayName,
	description,
	required,
	list,
	id,
}: RecordPicker): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...(required ? { required } : {}),
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: list.placeholder,
				typeOptions: { searchListMethod: list.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${id.example}`,
				...(id.check
					? {
							validation: [
								{
									type: 'regex',
									properties: {
										regex: `^\\s*${id.check.pattern}\\s*$`,
										errorMessage: id.check.errorMessage,
									},
								},
							],
						}
					: {}),
			},
		],
	};
}
