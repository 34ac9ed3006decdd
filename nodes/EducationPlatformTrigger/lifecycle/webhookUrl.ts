// Pure: no n8n import. Can the platform reach the webhook URL n8n gives us?
import { isLocalUrl, WEBHOOK_ADDRESS_ADVICE } from '../../shared/thisN8n/address';

/**
 * Why the platform at `platformBaseUrl` cannot deliver to `webhookUrl`, or undefined when it can.
 * A local webhook URL is only reachable by a platform on the same machine (the sandbox).
 */
export function unreachableWebhookUrlProblem(
	webhookUrl: string,
	platformBaseUrl: string,
): string | undefined {
	if (!isLocalUrl(webhookUrl) || isLocalUrl(platformBaseUrl)) return undefined;
	return (
		`n8n's webhook URL is ${webhookUrl}, which points at this machine, so the Education Platform ` +
		`at ${platformBaseUrl} cannot deliver events to it. ${WEBHOOK_ADDRESS_ADVICE}, then publish the ` +
		'workflow again (on n8n 1.x: activate it). Or set Registration to Manual and register a reachable URL in the platform yourself.'
	);
}
