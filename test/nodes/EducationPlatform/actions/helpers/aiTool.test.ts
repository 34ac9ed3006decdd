import {
	offeredToTools,
	runsAsTool,
} from '../../../../../nodes/EducationPlatform/actions/helpers/aiTool';

describe('runsAsTool', () => {
	it("is true for the `…Tool` type n8n registers for an AI agent, and false for the node's own", () => {
		expect(runsAsTool({ type: 'n8n-nodes-education-platform.educationPlatformTool' })).toBe(true);
		expect(runsAsTool({ type: 'n8n-nodes-education-platform.educationPlatform' })).toBe(false);
	});
});

describe('offeredToTools', () => {
	it("is false for an operation hidden with '@tool', true otherwise", () => {
		expect(offeredToTools({ displayOptions: { hide: { '@tool': [true] } } })).toBe(false);
		expect(offeredToTools({ displayOptions: { show: { '@tool': [false] } } })).toBe(false);
		expect(offeredToTools({ displayOptions: { show: { '@tool': [true] } } })).toBe(true);
		expect(offeredToTools({ displayOptions: { hide: { '@tool': [false] } } })).toBe(true);
		expect(offeredToTools({})).toBe(true);
	});
});
