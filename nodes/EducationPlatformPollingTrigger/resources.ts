import { RESOURCES } from '../EducationPlatform/actions/resources';
import type { ResourceName } from '../EducationPlatform/actions/node.type';
import type { ResourceDescriptor } from '../EducationPlatform/actions/resource';
import type { ChangeKind } from './cursor/cursor';

// The polling trigger watches the action node's resources (actions/<resource>/index.ts): their
// path, Filters, filter building and Simplify come from the same descriptor, never copied.
// A resource is pollable once its records carry `created_at` and `updated_at` and its list takes
// `filter[updated_since]` and `sort=updated_at,id`; then it needs one entry here, its event names.

export interface PollEvent {
	/** The event name in the output, in the webhook trigger's vocabulary. */
	event: string;
	displayName: string;
	description: string;
}

export interface PollableResource {
	descriptor: ResourceDescriptor;
	events: Record<ChangeKind, PollEvent>;
}

// "Created" is the record's first version (created_at), "Updated" any later one. A status
// ("only failed payments", "only cancelled enrollments") is the Status filter: it keeps the
// records whose status is that one after the change.
const POLL_EVENTS: Record<ResourceName, Record<ChangeKind, PollEvent>> = {
	student: {
		created: { event: 'student.created', displayName: 'Student Created', description: 'A student was added' },
		updated: { event: 'student.updated', displayName: 'Student Updated', description: "A student's record changed" },
	},
	enrollment: {
		created: { event: 'enrollment.created', displayName: 'Enrollment Created', description: 'A student was enrolled in a course' },
		updated: {
			event: 'enrollment.updated',
			displayName: 'Enrollment Updated',
			description: 'An enrollment changed, e.g. activated, moved, cancelled or completed',
		},
	},
	payment: {
		created: { event: 'payment.created', displayName: 'Payment Created', description: 'A payment was made or attempted (succeeded or failed)' },
		updated: { event: 'payment.updated', displayName: 'Payment Updated', description: 'A payment changed, e.g. refunded' },
	},
	examResult: {
		created: { event: 'exam_result.published', displayName: 'Exam Result Published', description: 'An exam result was published' },
		updated: { event: 'exam_result.updated', displayName: 'Exam Result Updated', description: 'A published exam result changed, e.g. re-marked' },
	},
};

export const pollableResources: PollableResource[] = (Object.keys(POLL_EVENTS) as ResourceName[]).map((name) => ({
	descriptor: RESOURCES[name],
	events: POLL_EVENTS[name],
}));

export function pollableResource(value: string): PollableResource | undefined {
	return pollableResources.find((resource) => resource.descriptor.value === value);
}
