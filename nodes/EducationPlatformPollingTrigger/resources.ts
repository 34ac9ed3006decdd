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

const POLL_EVENTS: Partial<Record<ResourceName, Record<ChangeKind, PollEvent>>> = {
	student: {
		created: { event: 'student.created', displayName: 'Student Created', description: 'A student was added' },
		updated: { event: 'student.updated', displayName: 'Student Updated', description: "A student's record changed" },
	},
};

export const pollableResources: PollableResource[] = (Object.keys(POLL_EVENTS) as ResourceName[]).map((name) => ({
	descriptor: RESOURCES[name],
	events: POLL_EVENTS[name] as Record<ChangeKind, PollEvent>,
}));

export function pollableResource(value: string): PollableResource | undefined {
	return pollableResources.find((resource) => resource.descriptor.value === value);
}
