// What the trigger's panel says about testing it: the hint n8n shows while it listens for a test
// event, and the notice for Manual registration. Links go to the guide on GitHub (npm's page shows
// the README only), at the section that explains them; the release check verifies each #anchor.

import { RESOURCES, webhookEventActions } from '../shared/resources/registry';

const REPOSITORY = 'https://github.com/education-platform/n8n-nodes-education-platform';

const MANUAL_REGISTRATION_ANCHOR = 'set-up-manual-registration';
export const RESPOND_ANCHOR = 'respond-immediately-or-when-last-node-finishes';

/** An HTML link, opened in a new tab, to `#anchor` in `docs/<guide>`. */
export function guideLink(guide: string, anchor: string, text: string): string {
	return `<a href="${REPOSITORY}/blob/main/docs/${guide}#${anchor}" target="_blank">${text}</a>`;
}

// Shown as is (n8n resolves no expression in it) on the canvas while n8n listens for a test event,
// in place of n8n's "Waiting for you to create an event in Education Platform".
export const EVENT_TRIGGER_DESCRIPTION = `Waiting for you to ${webhookEventActions(RESOURCES)} in the platform (with the sandbox: npm run sandbox:emit -- ${sandboxExample()})`;

/** The first webhook event type, as `npm run sandbox:emit` takes it. */
function sandboxExample(): string {
	const first = RESOURCES.find((resource) => resource.webhook)?.webhook as {
		events: Record<string, string>;
	};
	return Object.keys(first.events)[0];
}

// While n8n listens for a test event, only the Test URL receives; the Production URL answers 404
// until the workflow is published. Manual registration is where the user adds the URL, so it is
// where the user must be told which one. The sandbox has no settings page: its command is named.
// n8n's own hint under the button stays and speaks each version's word ("publish" on 2.x, "activate"
// on 1.x), so the notice names the 1.x word once.
export const MANUAL_REGISTRATION_NOTICE =
	"In the platform's webhook settings, add a webhook for the same events as below and put the signing secret (whsec_…) it shows you in the credential above (with the sandbox: npm run sandbox:subscribe -- --url followed by the URL, which prints the secret). " +
	'Its URL, from Webhook URLs above: the Test URL while you test this trigger, the Production URL once the workflow is published (on n8n 1.x: active). ' +
	'Change the URL in the platform when you switch; the signing secret stays the same. ' +
	guideLink('trigger.md', MANUAL_REGISTRATION_ANCHOR, 'How to set up Manual registration');
