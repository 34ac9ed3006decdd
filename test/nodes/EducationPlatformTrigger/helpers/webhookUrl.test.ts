import {
	isLoopbackUrl,
	unreachableWebhookUrlProblem,
} from '../../../../nodes/EducationPlatformTrigger/helpers/webhookUrl';

describe('webhook URL reachability', () => {
	it.each([
		'http://localhost:5678/webhook/abc/webhook',
		'http://LOCALHOST/webhook',
		'http://n8n.localhost/webhook',
		'http://127.0.0.1:5678/webhook',
		'http://127.1.2.3/webhook',
		'http://[::1]:5678/webhook',
		'http://0.0.0.0:5678/webhook',
		'http://[::ffff:127.0.0.1]:5678/webhook',
	])('%s is loopback', (url) => {
		expect(isLoopbackUrl(url)).toBe(true);
	});

	it.each([
		'https://n8n.school.example/webhook/abc/webhook',
		'http://192.168.1.20:5678/webhook',
		'http://localhost.example.com/webhook',
		'http://128.0.0.1/webhook',
		'not a url',
	])('%s is not loopback', (url) => {
		expect(isLoopbackUrl(url)).toBe(false);
	});

	it('explains how to set N8N_WEBHOOK_URL (or WEBHOOK_URL on n8n 1.x) when a remote platform would get a localhost URL', () => {
		const problem = unreachableWebhookUrlProblem(
			'http://localhost:5678/webhook/9d1c/webhook',
			'https://springfield.edu-platform.example',
		);
		expect(problem).toContain('http://localhost:5678/webhook/9d1c/webhook');
		expect(problem).toContain('https://springfield.edu-platform.example');
		expect(problem).toContain('N8N_WEBHOOK_URL=https://n8n.example.com/ on n8n 2.x');
		expect(problem).toContain('WEBHOOK_URL=https://n8n.example.com/ on n8n 1.x');
		expect(problem).toContain('Manual');
	});

	it('accepts a localhost URL when the platform runs on the same machine (the sandbox)', () => {
		expect(unreachableWebhookUrlProblem('http://localhost:5678/webhook/x', 'http://127.0.0.1:4010')).toBeUndefined();
	});

	it('accepts a public URL', () => {
		expect(
			unreachableWebhookUrlProblem('https://n8n.school.example/webhook/x', 'https://springfield.edu-platform.example'),
		).toBeUndefined();
	});
});
