import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { EducationPlatform } from '../../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { triggerProperties } from '../../../nodes/EducationPlatformTrigger/description';
import { markdownAnchors } from '../../../tooling/release-check/markdown';
import { EVENT_GROUPS, EVENT_TYPES } from '../../../nodes/EducationPlatformTrigger/events';
import {
	DEFAULT_TOLERANCE_SECONDS,
	MAX_TOLERANCE_SECONDS,
	MIN_TOLERANCE_SECONDS,
} from '../../../nodes/EducationPlatformTrigger/webhook/signature';

const property = (name: string) => triggerProperties.find((candidate) => candidate.name === name) as INodeProperties;

describe('the trigger\'s parameters', () => {
	it('offer every event type and every "All …" group as Events, sorted by name', () => {
		const options = property('events').options as INodePropertyOptions[];
		expect(options.map((option) => option.value).sort()).toEqual([...Object.keys(EVENT_GROUPS), ...EVENT_TYPES].sort());
		const names = options.map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});

	it('store Registration (Automatic by default) and Respond (Immediately by default)', () => {
		expect(property('registration')).toMatchObject({ default: 'automatic' });
		expect((property('registration').options as INodePropertyOptions[]).map((option) => option.value)).toEqual(['automatic', 'manual']);
		expect((property('responseMode').options as INodePropertyOptions[]).map((option) => option.value)).toContain(property('responseMode').default);
	});

	it('bound Timestamp Tolerance by the limits delivery handling checks', () => {
		const tolerance = (property('options').options as INodeProperties[]).find((option) => option.name === 'timestampTolerance');
		expect(tolerance).toMatchObject({
			default: DEFAULT_TOLERANCE_SECONDS,
			typeOptions: { minValue: MIN_TOLERANCE_SECONDS, maxValue: MAX_TOLERANCE_SECONDS },
		});
		expect(MIN_TOLERANCE_SECONDS).toBeLessThanOrEqual(DEFAULT_TOLERANCE_SECONDS);
		expect(DEFAULT_TOLERANCE_SECONDS).toBeLessThanOrEqual(MAX_TOLERANCE_SECONDS);
	});
});

describe('what the trigger\'s panel says about testing it', () => {
	const { description } = new EducationPlatformTrigger();
	const notice = (name: string) => String(property(name).displayName);

	it('says, while n8n listens, what to do in the platform and with the sandbox', () => {
		expect(description.eventTriggerDescription).toMatch(/^Waiting for you to enroll a student, record a payment or publish an exam result/);
		expect(description.eventTriggerDescription).toContain('npm run sandbox:emit -- enrollment.created');
	});

	it('names both URLs for Manual registration: the Test URL while listening, the Production URL once published or active', () => {
		expect(property('manualNotice').displayOptions).toEqual({ show: { registration: ['manual'] } });
		expect(notice('manualNotice')).toMatch(/the Test URL while you listen for a test event, the Production URL once the workflow is published \(active on n8n 1\.x\)/);
		const hints = description.triggerPanel as { activationHint: { inactive: string; active: string } };
		for (const hint of [hints.activationHint.inactive, hints.activationHint.active]) {
			expect(hint).toContain('the platform must send to the Test URL while you listen for a test event here');
		}
	});

	it('links notices to a heading of the guide, opened in a new tab', () => {
		const guide = markdownAnchors(readFileSync(path.join(__dirname, '../../../docs/trigger.md'), 'utf8'));
		const links = ['manualNotice', 'lastNodeNotice'].map((name) => /<a href="([^"]+)" target="_blank">/.exec(notice(name))?.[1]);
		expect(links).toEqual([
			'https://github.com/education-platform/n8n-nodes-education-platform/blob/main/docs/trigger.md#set-up-manual-registration',
			'https://github.com/education-platform/n8n-nodes-education-platform/blob/main/docs/trigger.md#respond-immediately-or-when-last-node-finishes',
		]);
		for (const link of links) expect(guide).toContain(String(link).split('#')[1]);
		expect(notice('lastNodeNotice')).not.toContain('README, "Respond"');
	});

	it('describes the action node too: n8n lists both as one entry with this text', () => {
		const action = new EducationPlatform().description;
		expect(description.description).toMatch(/^Read students, enrollments, payments and exam results, and start workflows on/);
		expect(action.description.startsWith('Read students, enrollments, payments and exam results')).toBe(true);
	});
});
