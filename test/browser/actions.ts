// What the editor should show for each action of the Education Platform node: one row per
// action. A new resource or operation adds rows here (and its own checks in the suite if it
// needs more than "the panel renders these parameters").

export interface ActionPanel {
	/** The action's name in the nodes panel (the operation's `action`). */
	action: string;
	resource: string;
	operation: string;
	/** The parameter labels the panel shows, in order, with default values. */
	parameters: string[];
}

export const ACTION_PANELS: ActionPanel[] = [
	{
		action: 'Get a student',
		resource: 'Student',
		operation: 'Get',
		parameters: ['Credential', 'Resource', 'Operation', 'Student ID', 'Options'],
	},
	{
		action: 'Get many students',
		resource: 'Student',
		operation: 'Get Many',
		parameters: ['Credential', 'Resource', 'Operation', 'Return All', 'Limit', 'Filters', 'Additional Filters', 'Sort', 'Options'],
	},
];
