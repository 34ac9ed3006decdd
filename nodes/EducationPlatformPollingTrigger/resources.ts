import type { INodeProperties } from 'n8n-workflow';
import { studentFilters } from '../EducationPlatform/descriptions/studentFilters.description';
import { simplifyStudent } from '../EducationPlatform/helpers/simplify';
import { buildStudentListQuery, type Query, type StudentFilters } from '../EducationPlatform/helpers/studentQuery';
import type { JsonRecord } from '../shared/jsonRecord';
import type { ChangeKind } from './cursor/cursor';

/** A list the polling trigger can watch: where it is, how its filters are built, its event names. */
export interface PollableResource {
	name: string;
	/** e.g. `student`, also the prefix of the event names. */
	value: string;
	/** Path under `/v1`. */
	endpoint: string;
	/** The event name of each kind of change, as the webhook trigger names events. */
	events: Record<ChangeKind, { event: string; displayName: string; description: string }>;
	/** Get Many's Filters collection, without Updated Since (the cursor sets it). */
	filters: INodeProperties;
	buildQuery(filters: JsonRecord, timeZone: string): Query;
	simplify(record: JsonRecord): unknown;
}

function withoutUpdatedSince(filters: INodeProperties): INodeProperties {
	return { ...filters, options: filters.options?.filter((option) => option.name !== 'updatedSince') };
}

export const pollableResources: PollableResource[] = [
	{
		name: 'Student',
		value: 'student',
		endpoint: '/students',
		events: {
			created: { event: 'student.created', displayName: 'Student Created', description: 'A student was added' },
			updated: { event: 'student.updated', displayName: 'Student Updated', description: "A student's record changed" },
		},
		filters: withoutUpdatedSince(studentFilters),
		buildQuery: (filters, timeZone) => buildStudentListQuery({ filters: filters as StudentFilters, timeZone }),
		simplify: simplifyStudent,
	},
];

export function pollableResource(value: string): PollableResource | undefined {
	return pollableResources.find((resource) => resource.value === value);
}
