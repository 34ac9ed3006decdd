import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { pollingProperties } from '../../../nodes/EducationPlatformPollingTrigger/description';
import {
	DEFAULT_LOOKBACK_SECONDS,
	DEFAULT_MAX_REQUESTS,
} from '../../../nodes/EducationPlatformPollingTrigger/poll/pollResource';
import {
	pollableResources as pollableOf,
	RESOURCES,
} from '../../../nodes/shared/resources/registry';

const pollableResources = pollableOf(RESOURCES);

const shownFor = (name: string, resource: string) =>
	pollingProperties.find(
		(property) =>
			property.name === name && property.displayOptions?.show?.resource?.includes(resource),
	) as INodeProperties;

describe("the polling trigger's parameters", () => {
	it('offer each pollable resource, Student by default', () => {
		const resource = pollingProperties.find(
			(property) => property.name === 'resource',
		) as INodeProperties;
		expect((resource.options as INodePropertyOptions[]).map((option) => option.value)).toEqual(
			pollableResources.map(({ descriptor }) => descriptor.value),
		);
		expect(resource.default).toBe('student');
	});

	it("give each resource Events created/updated (both by default) and Get Many's Filters without Updated Since", () => {
		for (const { descriptor, events } of pollableResources) {
			const eventsProperty = shownFor('events', descriptor.value);
			expect(
				(eventsProperty.options as INodePropertyOptions[]).map(({ name, value }) => [value, name]),
			).toEqual([
				['created', events.created.displayName],
				['updated', events.updated.displayName],
			]);
			expect(eventsProperty.default).toEqual(['created', 'updated']);
			const filters = (shownFor('filters', descriptor.value).options as INodeProperties[]).map(
				(option) => option.name,
			);
			expect(filters).toEqual(
				descriptor.filterOptions
					.map((option) => option.name)
					.filter((name) => name !== 'updatedSince'),
			);
			expect(filters).not.toContain('updatedSince');
		}
	});

	it('default Lookback and Max Requests per Poll to the values the poll uses', () => {
		const options = (
			pollingProperties.find((property) => property.name === 'options') as INodeProperties
		).options as INodeProperties[];
		const defaults = Object.fromEntries(options.map((option) => [option.name, option.default]));
		expect(defaults).toEqual({
			backfillFrom: '',
			lookbackSeconds: DEFAULT_LOOKBACK_SECONDS,
			maxRequests: DEFAULT_MAX_REQUESTS,
			simplify: false,
		});
	});
});
