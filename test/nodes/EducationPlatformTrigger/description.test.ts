import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { triggerProperties } from '../../../nodes/EducationPlatformTrigger/description';
import { RESOURCES } from '../../../nodes/shared/resources/registry';
import { eventVocabulary } from '../../../nodes/shared/resources/webhookEvents';
import {
	DEFAULT_TOLERANCE_SECONDS,
	MAX_TOLERANCE_SECONDS,
	MIN_TOLERANCE_SECONDS,
} from '../../../nodes/EducationPlatformTrigger/webhook/signature';

const property = (name: string) =>
	triggerProperties.find((candidate) => candidate.name === name) as INodeProperties;

describe("the trigger's parameters", () => {
	it('offer every event type and every "All …" group as Events, sorted by name', () => {
		const options = property('events').options as INodePropertyOptions[];
		const { types, groups } = eventVocabulary(RESOURCES);
		expect(options.map((option) => option.value).sort()).toEqual(
			[...Object.keys(groups), ...types].sort(),
		);
		const names = options.map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it('store Registration (Automatic by default) and Respond (Immediately by default)', () => {
		expect(property('registration')).toMatchObject({ default: 'automatic' });
		expect(
			(property('registration').options as INodePropertyOptions[]).map((option) => option.value),
		).toEqual(['automatic', 'manual']);
		expect(
			(property('responseMode').options as INodePropertyOptions[]).map((option) => option.value),
		).toContain(property('responseMode').default);
	});

	it('bound Timestamp Tolerance by the limits delivery handling checks', () => {
		const tolerance = (property('options').options as INodeProperties[]).find(
			(option) => option.name === 'timestampTolerance',
		);
		expect(tolerance).toMatchObject({
			default: DEFAULT_TOLERANCE_SECONDS,
			typeOptions: { minValue: MIN_TOLERANCE_SECONDS, maxValue: MAX_TOLERANCE_SECONDS },
		});
		expect(MIN_TOLERANCE_SECONDS).toBeLessThanOrEqual(DEFAULT_TOLERANCE_SECONDS);
		expect(DEFAULT_TOLERANCE_SECONDS).toBeLessThanOrEqual(MAX_TOLERANCE_SECONDS);
	});
});
