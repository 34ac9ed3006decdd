import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { INodeProperties } from 'n8n-workflow';
import { EducationPlatform } from '../../../nodes/EducationPlatform/EducationPlatform.node';
import { EducationPlatformTrigger } from '../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node';
import { guideLink } from '../../../nodes/EducationPlatformTrigger/panelTexts';
import { markdownAnchors } from '../../../tooling/release-check/markdown';

// The texts as n8n receives them: on the built node description.
const { description } = new EducationPlatformTrigger();
const property = (name: string) =>
	description.properties.find((candidate) => candidate.name === name) as INodeProperties;

describe("what the trigger's panel says about testing it", () => {
	const notice = (name: string) => String(property(name).displayName);

	it('says, while n8n listens, what to do in the platform and with the sandbox', () => {
		expect(description.eventTriggerDescription).toMatch(
			/^Waiting for you to enroll a student, record a payment or publish an exam result/,
		);
		expect(description.eventTriggerDescription).toContain(
			'npm run sandbox:emit -- enrollment.created',
		);
	});

	it("names both URLs for Manual registration, the sandbox's command, and the 1.x word once", () => {
		expect(property('manualNotice').displayOptions).toEqual({ show: { registration: ['manual'] } });
		expect(notice('manualNotice')).toContain(
			'the Test URL while you test this trigger, the Production URL once the workflow is published (on n8n 1.x: active)',
		);
		expect(notice('manualNotice')).toContain(
			'(with the sandbox: npm run sandbox:subscribe -- --url followed by the URL, which prints the secret)',
		);
		expect(notice('manualNotice').match(/1\.x/g)).toHaveLength(1);
	});

	it('leaves the hint under the test button to n8n, which words it for its version (publish on 2.x, activate on 1.x)', () => {
		expect(description.triggerPanel).toBeUndefined();
	});

	it('builds links that open in a new tab', () => {
		expect(guideLink('trigger.md', 'events', 'Events')).toBe(
			'<a href="https://github.com/education-platform/n8n-nodes-education-platform/blob/main/docs/trigger.md#events" target="_blank">Events</a>',
		);
	});

	it('links notices to a heading of the guide, opened in a new tab', () => {
		const guide = markdownAnchors(
			readFileSync(path.join(__dirname, '../../../docs/trigger.md'), 'utf8'),
		);
		const links = ['manualNotice', 'lastNodeNotice'].map(
			(name) => /<a href="([^"]+)" target="_blank">/.exec(notice(name))?.[1],
		);
		expect(links).toEqual([
			'https://github.com/education-platform/n8n-nodes-education-platform/blob/main/docs/trigger.md#set-up-manual-registration',
			'https://github.com/education-platform/n8n-nodes-education-platform/blob/main/docs/trigger.md#respond-immediately-or-when-last-node-finishes',
		]);
		for (const link of links) expect(guide).toContain(String(link).split('#')[1]);
		expect(notice('lastNodeNotice')).not.toContain('README, "Respond"');
	});

	it('describes the action node too: n8n lists both as one entry with this text', () => {
		const action = new EducationPlatform().description;
		expect(description.description).toMatch(
			/^Read students, enrollments, payments and exam results, and start workflows on/,
		);
		expect(
			action.description.startsWith('Read students, enrollments, payments and exam results'),
		).toBe(true);
	});
});
