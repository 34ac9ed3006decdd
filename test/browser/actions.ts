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

const GET_MANY = ['Credential', 'Resource', 'Operation', 'Return All', 'Limit', 'Filters', 'Additional Filters', 'Options', 'Sort'];

function getPanel(action: string, resource: string, id: string): ActionPanel {
	return { action, resource, operation: 'Get', parameters: ['Credential', 'Resource', 'Operation', id, 'Options'] };
}

/** A delivery is named by its subscription and its ID. */
function deliveryPanel(action: string, operation: string): ActionPanel {
	return { action, resource: 'Webhook Delivery', operation, parameters: ['Credential', 'Resource', 'Operation', 'Webhook Subscription', 'Webhook Delivery ID', 'Options'] };
}

function getManyPanel(action: string, resource: string): ActionPanel {
	return { action, resource, operation: 'Get Many', parameters: GET_MANY };
}

export const ACTION_PANELS: ActionPanel[] = [
	getPanel('Get student', 'Student', 'Student'),
	getManyPanel('Get many students', 'Student'),
	getPanel('Get enrollment', 'Enrollment', 'Enrollment ID'),
	getManyPanel('Get many enrollments', 'Enrollment'),
	getPanel('Get payment', 'Payment', 'Payment ID'),
	getManyPanel('Get many payments', 'Payment'),
	getPanel('Get exam result', 'Exam Result', 'Exam Result ID'),
	getManyPanel('Get many exam results', 'Exam Result'),
	{
		action: 'Check trigger subscriptions',
		resource: 'Webhook Subscription',
		operation: 'Check Triggers',
		parameters: ['Credential', 'Resource', 'Operation', 'Re-Enable Disabled Subscriptions', 'Delete Orphaned Subscriptions'],
	},
	{ action: 'Delete webhook subscription', resource: 'Webhook Subscription', operation: 'Delete', parameters: ['Credential', 'Resource', 'Operation', 'Webhook Subscription', 'Options'] },
	getPanel('Get webhook subscription', 'Webhook Subscription', 'Webhook Subscription'),
	getManyPanel('Get many webhook subscriptions', 'Webhook Subscription'),
	deliveryPanel('Get webhook delivery', 'Get'),
	{ ...getManyPanel('Get many webhook deliveries', 'Webhook Delivery'), parameters: [...GET_MANY.slice(0, 3), 'Deliveries Of', ...GET_MANY.slice(3)] },
	deliveryPanel('Redeliver webhook delivery', 'Redeliver'),
];

/**
 * Get Many of each resource besides students, run from the editor: the platform's list it must
 * show, columns of the full record that Simplify flattens away, and columns Simplify adds.
 */
export interface ResourceRun {
	action: string;
	/** The sandbox's list, e.g. `/v1/payments`. */
	path: string;
	fullOnly: string[];
	simplifiedOnly: string[];
}

export const RESOURCE_RUNS: ResourceRun[] = [
	{ action: 'Get many enrollments', path: '/v1/enrollments', fullOnly: ['student', 'course', 'term'], simplifiedOnly: ['student_name', 'course_name', 'term_name'] },
	{ action: 'Get many payments', path: '/v1/payments', fullOnly: ['student'], simplifiedOnly: ['student_name', 'amount_minor', 'refunded_amount_minor'] },
	{ action: 'Get many exam results', path: '/v1/exam-results', fullOnly: ['student', 'exam'], simplifiedOnly: ['student_name', 'exam_name', 'subject'] },
];
