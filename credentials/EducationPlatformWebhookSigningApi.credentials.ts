import type { Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The signing secret of a webhook added by hand in the platform's dashboard (the trigger's
 * Registration = Manual). Kept as a credential, not a node parameter, so the secret never lands in
 * workflow JSON, its history, exports or source control.
 *
 * It authenticates nothing the platform could answer, so there is no HTTP test: the trigger node
 * tests it (`testedBy`) by checking that each value is a usable Standard Webhooks secret.
 */
export class EducationPlatformWebhookSigningApi implements ICredentialType {
	name = 'educationPlatformWebhookSigningApi';

	displayName = 'Education Platform Webhook Signing Secret API';

	icon: Icon = {
		light: 'file:../icons/educationPlatform.svg',
		dark: 'file:../icons/educationPlatform.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-education-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Signing Secret',
			name: 'signingSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'e.g. whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
			description:
				"The secret the platform shows for the webhook you added in its dashboard. Every delivery's signature is checked with it.",
		},
		{
			displayName: 'Previous Signing Secret',
			name: 'previousSigningSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
			description:
				"Only while you rotate the secret: the old one, so deliveries signed with it are still accepted during the platform's grace period. Clear it once the grace period is over.",
		},
	];
}
