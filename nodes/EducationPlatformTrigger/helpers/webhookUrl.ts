// Pure: no n8n import. Can the platform reach the webhook URL n8n gives us?

/** Whether a URL points at this machine (localhost, 127.0.0.0/8, ::1, 0.0.0.0). */
export function isLoopbackUrl(url: string): boolean {
	let hostname: string;
	try {
		hostname = new URL(url).hostname.toLowerCase();
	} catch {
		return false;
	}
	hostname = hostname.replace(/^\[|\]$/g, '');
	return (
		hostname === 'localhost' ||
		hostname.endsWith('.localhost') ||
		/^127(?:\.\d{1,3}){3}$/.test(hostname) ||
		hostname === '::1' ||
		hostname === '0:0:0:0:0:0:0:1' ||
		/^::ffff:(?:127\.|7f[0-9a-f]{2}:)/.test(hostname) ||
		hostname === '0.0.0.0' ||
		hostname === '::'
	);
}

/**
 * Why the platform at `platformBaseUrl` cannot deliver to `webhookUrl`, or undefined when it can.
 * A loopback webhook URL is only reachable by a platform on the same machine (the sandbox).
 */
export function unreachableWebhookUrlProblem(
	webhookUrl: string,
	platformBaseUrl: string,
): string | undefined {
	if (!isLoopbackUrl(webhookUrl) || isLoopbackUrl(platformBaseUrl)) return undefined;
	return (
		`n8n's webhook URL is ${webhookUrl}, which points at this machine, so the Education Platform ` +
		`at ${platformBaseUrl} cannot deliver events to it. Set n8n's webhook URL environment ` +
		'variable to the public address of your n8n (for example N8N_WEBHOOK_URL=https://n8n.example.com/ ' +
		'on n8n 2.x, or WEBHOOK_URL=https://n8n.example.com/ on n8n 1.x), restart n8n and activate the ' +
		'workflow again. Or set Registration to Manual and register a reachable URL in the platform yourself.'
	);
}
