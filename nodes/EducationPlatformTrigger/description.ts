import type { INodeProperties } from 'n8n-workflow';
import { authenticationProperty } from '../shared/descriptions/authentication';
import { RESOURCES, webhookEventOptions, webhookRecordNames } from '../shared/resources/registry';
import { guideLink, MANUAL_REGISTRATION_NOTICE, RESPOND_ANCHOR } from './panelTexts';
import {
	DEFAULT_TOLERANCE_SECONDS,
	MAX_TOLERANCE_SECONDS,
	MIN_TOLERANCE_SECONDS,
} from './webhook/signature';

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Registration',
		name: 'registration',
		type: 'options',
		// Read at activation and at every delivery, in different contexts: a fixed value only.
		noDataExpression: true,
		options: [
			{
				name: 'Automatic',
				value: 'automatic',
				description:
					"Register this workflow's webhook URL with the platform on activation and remove it on deactivation",
			},
			{
				name: 'Manual',
				value: 'manual',
				description:
					"You add the webhook URL in the platform's dashboard and put its signing secret in a credential. No API calls.",
			},
		],
		default: 'automatic',
	},
	// No displayOptions here: n8n's editor folds Authentication into the credential picker and hides
	// every parameter an auth field's displayOptions name, so `show: { registration }` on it
	// would hide Registration itself. The credentials alone depend on Registration.
	{ ...authenticationProperty, noDataExpression: true },
	{
		displayName: MANUAL_REGISTRATION_NOTICE,
		name: 'manualNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { registration: ['manual'] } },
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		noDataExpression: true,
		default: [],
		description: 'The events that start the workflow',
		options: webhookEventOptions(RESOURCES),
	},
	{
		displayName: 'Respond',
		name: 'responseMode',
		type: 'options',
		// n8n's own webhook response modes, named as the Webhook node names them; n8n reads the value
		// (the node description's webhooks[].responseMode) before the run: a fixed value only.
		noDataExpression: true,
		options: [
			{
				name: 'Immediately',
				value: 'onReceived',
				description:
					'As soon as n8n has verified the delivery. The platform does not deliver the event again if the run then fails.',
			},
			{
				name: 'When Last Node Finishes',
				value: 'lastNode',
				description:
					'Only once the workflow has finished. If the run fails, or n8n stops during it, the platform is told so and delivers the event again later.',
			},
		],
		default: 'onReceived',
		description: 'When to acknowledge the delivery to the platform',
	},
	{
		displayName: `The platform waits 15 seconds for the answer, then delivers the event again: a longer run gets a second run beside it, and the retry of a run that failed half-way starts from this trigger again. To act once per event, claim the event ID right after this trigger, as the queue-mode payment example does (${guideLink('trigger.md', RESPOND_ANCHOR, 'Respond')}).`,
		name: 'lastNodeNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { responseMode: ['lastNode'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Delivery Headers',
				name: 'includeHeaders',
				type: 'boolean',
				default: false,
				description:
					"Whether to add the platform's delivery headers under delivery_headers: content type, content length, user agent, delivery ID and timestamp (webhook-*). No other header (credentials added by proxies, the signature) is ever included.",
			},
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				options: [
					{
						name: 'Full Event',
						value: 'event',
						description: 'The whole event: ID, type, created_at and data',
					},
					{
						name: 'Only Data',
						value: 'data',
						description: `The event's data (the ${webhookRecordNames(RESOURCES)}) plus event_id, event_type and event_created_at`,
					},
				],
				default: 'event',
			},
			{
				displayName: 'Timestamp Tolerance (Seconds)',
				name: 'timestampTolerance',
				type: 'number',
				typeOptions: { minValue: MIN_TOLERANCE_SECONDS, maxValue: MAX_TOLERANCE_SECONDS },
				default: DEFAULT_TOLERANCE_SECONDS,
				description:
					"How far, in seconds, a delivery's signed timestamp may be from n8n's clock. Older or newer deliveries are refused: they could be an old delivery someone sent again.",
			},
		],
	},
];
