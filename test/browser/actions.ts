// What the editor should show for each action of the Education Platform node, at the version a
// new node gets (2): one row per action. A new resource or operation adds rows here (and its own checks in the suite if it
// needs more than "the panel renders these parameters").

export interface ActionPanel {
	/** The action's name in the nodes panel (the operation's `action`). */
	action: string;
	resource: string;
	operation: string;
	/** The parameter labels the panel shows, in order, with default values. */
	parameters: string[];
}

const GET_MANY = [
	'Credential',
	'Resource',
	'Operation',
	'Return All',
	'Limit',
	'Simplify',
	'Filters',
	'Options',
	'Sort',
];

/** Get names its record with a picker called after the resource, and has Simplify of its own. */
function getPanel(action: string, resource: string): ActionPanel {
	return {
		action,
		resource,
		operation: 'Get',
		parameters: ['Credential', 'Resource', 'Operation', resource, 'Simplify'],
	};
}

/** A delivery is picked from its subscription's log. */
function deliveryPanel(action: string, operation: string, last: string): ActionPanel {
	return {
		action,
		resource: 'Webhook Delivery',
		operation,
		parameters: [
			'Credential',
			'Resource',
			'Operation',
			'Webhook Subscription',
			'Webhook Delivery',
			last,
		],
	};
}

function getManyPanel(action: string, resource: string): ActionPanel {
	return { action, resource, operation: 'Get Many', parameters: GET_MANY };
}

export const ACTION_PANELS: ActionPanel[] = [
	getPanel('Get student', 'Student'),
	getManyPanel('Get many students', 'Student'),
	getPanel('Get enrollment', 'Enrollment'),
	getManyPanel('Get many enrollments', 'Enrollment'),
	getPanel('Get payment', 'Payment'),
	getManyPanel('Get many payments', 'Payment'),
	getPanel('Get exam result', 'Exam Result'),
	getManyPanel('Get many exam results', 'Exam Result'),
	{
		action: 'Check triggers receive their events',
		resource: 'Webhook Subscription',
		operation: 'Check Triggers',
		parameters: [
			'Credential',
			'Resource',
			'Operation',
			'Re-Enable Disabled Subscriptions',
			'Fix Events and Duplicates',
			'Delete Orphaned Subscriptions',
		],
	},
	{
		action: 'Delete webhook subscription',
		resource: 'Webhook Subscription',
		operation: 'Delete',
		parameters: ['Credential', 'Resource', 'Operation', 'Webhook Subscription', 'Options'],
	},
	getPanel('Get webhook subscription', 'Webhook Subscription'),
	getManyPanel('Get many webhook subscriptions', 'Webhook Subscription'),
	deliveryPanel('Get webhook delivery', 'Get', 'Simplify'),
	{
		...getManyPanel('Get many webhook deliveries', 'Webhook Delivery'),
		parameters: [...GET_MANY.slice(0, 3), 'Deliveries Of', ...GET_MANY.slice(3)],
	},
	deliveryPanel('Send webhook delivery again', 'Redeliver', 'Options'),
];

/**
 * Get Many of each resource besides students, run from the editor: the platform's list it must
 * show, columns of the whole record that Simplify leaves out, and columns only Simplify has.
 */
export interface ResourceRun {
	action: string;
	/** The sandbox's list, e.g. `/v1/payments`. */
	path: string;
	fullOnly: string[];
	simplifiedOnly: string[];
}

export const RESOURCE_RUNS: ResourceRun[] = [
	{
		action: 'Get many enrollments',
		path: '/v1/enrollments',
		fullOnly: ['student', 'course', 'term'],
		simplifiedOnly: ['student_name', 'course_name', 'term_name'],
	},
	{
		action: 'Get many payments',
		path: '/v1/payments',
		fullOnly: ['student', 'description'],
		simplifiedOnly: ['student_name'],
	},
	{
		action: 'Get many exam results',
		path: '/v1/exam-results',
		fullOnly: ['student', 'exam'],
		simplifiedOnly: ['student_name', 'exam_name', 'subject'],
	},
];
