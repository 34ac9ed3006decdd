import type { INodeProperties } from 'n8n-workflow';
import { optionsCollection } from '../shared/descriptions/options';
import { authenticationProperty } from '../shared/descriptions/authentication';
import { MIN_REQUESTS } from './cursor/cursor';
import { DEFAULT_LOOKBACK_SECONDS, DEFAULT_MAX_REQUESTS } from './poll/pollResource';
import { pollableResources, RESOURCES } from '../shared/resources/registry';

const pollable = pollableResources(RESOURCES);
const firstPollable = pollable[0].descriptor.value;

const eventProperties: INodeProperties[] = pollable.map((resource) => ({
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	required: true,
	options: (['created', 'updated'] as const).map((kind) => ({
		name: resource.events[kind].displayName,
		value: kind,
		description: resource.events[kind].description,
	})),
	default: ['created', 'updated'],
	description: 'Which changes start the workflow',
	displayOptions: { show: { resource: [resource.descriptor.value] } },
}));

/** Get Many's Filters of each resource, without Updated Since: the cursor sets it. */
const filterProperties: INodeProperties[] = pollable.map(({ descriptor }) => ({
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	description: `Only changed ${descriptor.plural} matching all of these filters start the workflow`,
	options: descriptor.filterOptions.filter((option) => option.name !== 'updatedSince'),
	displayOptions: { show: { resource: [descriptor.value] } },
}));

export const pollingProperties: INodeProperties[] = [
	authenticationProperty,
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: pollable.map(({ descriptor }) => ({
			name: descriptor.displayName,
			value: descriptor.value,
		})),
		default: firstPollable,
	},
	...eventProperties,
	...filterProperties,
	optionsCollection([
		{
			displayName: 'Backfill From',
			name: 'backfillFrom',
			type: 'dateTime',
			default: '',
			description:
				'On the first activation, also emit the changes made since this moment. Without it the trigger starts from now and emits no history.',
		},
		{
			displayName: 'Lookback (Seconds)',
			name: 'lookbackSeconds',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 3600 },
			default: DEFAULT_LOOKBACK_SECONDS,
			description:
				'How late the platform may make a change visible after its timestamp (the platform may save a change a little after the time it records). Each poll reads this stretch again; nothing is emitted twice.',
		},
		{
			displayName: 'Max Requests per Poll',
			name: 'maxRequests',
			type: 'number',
			typeOptions: { minValue: MIN_REQUESTS, maxValue: 1000 },
			default: DEFAULT_MAX_REQUESTS,
			description:
				'Upper bound on API requests in one poll (one finds the newest record, each other reads up to 100 changes). A poll that reaches it continues on the next one.',
		},
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: false,
			description:
				'Whether to return the flat subset of fields that Get Many returns with Simplify, instead of the full record',
		},
	]),
];
