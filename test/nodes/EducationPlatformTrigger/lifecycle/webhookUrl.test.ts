import { unreachableWebhookUrlProblem } from '../../../../nodes/EducationPlatformTrigger/lifecycle/webhookUrl';

describe('webhook URL reachability', () => {
	it('explains how to set N8N_WEBHOOK_URL (or WEBHOOK_URL on n8n 1.x) when a remote platform would get a localhost URL', () => {
		const problem = unreachableWebhookUrlProblem(
			'http://localhost:5678/webhook/9d1c/webhook',
			'https://springfield.edu-platform.example',
		);
		expect(problem).toContain('http://localhost:5678/webhook/9d1c/webhook');
		expect(problem).toContain('https://springfield.edu-platform.example');
		expect(problem).toContain('N8N_WEBHOOK_URL=https://n8n.example.com/ on n8n 2.x');
		expect(problem).toContain('WEBHOOK_URL=https://n8n.example.com/ on n8n 1.x');
		expect(problem).toContain('then publish the workflow again (on n8n 1.x: activate it)');
		expect(problem).toContain('Manual');
	});

	it.each([
		'http://127.0.0.1:5678/webhook/x',
		'http://[::1]:5678/webhook/x',
		'http://n8n.localhost/webhook/x',
	])('refuses %s, a local URL, for a remote platform', (url) => {
		expect(unreachableWebhookUrlProblem(url, 'https://springfield.edu-platform.example')).toContain(
			'points at this machine',
		);
	});

	it('accepts a localhost URL when the platform runs on the same machine (the sandbox)', () => {
		expect(
			unreachableWebhookUrlProblem('http://localhost:5678/webhook/x', 'http://127.0.0.1:4010'),
		).toBeUndefined();
	});

	it('accepts a public URL', () => {
		expect(
			unreachableWebhookUrlProblem(
				'https://n8n.school.example/webhook/x',
				'https://springfield.edu-platform.example',
			),
		).toBeUndefined();
	});
});
