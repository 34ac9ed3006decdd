import type { INodePropertyOptions } from 'n8n-workflow';
import { listed } from '../listed';
import type { ListedResource, ListSearchMethod, ResourceDescriptor } from './descriptor';
import { resource as enrollment } from './enrollment';
import { resource as examResult } from './examResult';
import { resource as payment } from './payment';
import { resource as student } from './student';
import { resource as webhookDelivery } from './webhookDelivery';
import { resource as webhookSubscription } from './webhookSubscription';
import { groupValue } from './webhookEvents';

/**
 * Every resource, in the order the nodes' Resource selectors show them. Adding one is its folder
 * and one line here: the action node and both triggers derive from this list through the
 * functions below (each takes the list, so a test can pass its own). Its scope is one line of
 * ../scopes.ts, which the credentials read: they load no node code.
 */
export const RESOURCES: readonly ResourceDescriptor[] = [
	student,
	enrollment,
	payment,
	examResult,
	webhookSubscription,
	webhookDelivery,
];

/** The nodes' `methods.listSearch`: every picker's search methods. */
export function listSearchMethods(
	resources: readonly ResourceDescriptor[],
): Record<string, ListSearchMethod> {
	return Object.assign(
		{},
		...resources.map((resource) => resource.picker?.listSearch ?? {}),
	) as Record<string, ListSearchMethod>;
}

/** An event type in words: `exam_result.published` → "Exam Result Published". */
function eventName(event: string): string {
	return event
		.split(/[._]/)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

/** What a webhook event's data is, e.g. "enrollment, payment or exam result". */
export function webhookRecordNames(resources: readonly ResourceDescriptor[]): string {
	return listed(
		resources
			.filter((resource) => resource.webhook)
			.map((resource) => resource.displayName.toLowerCase()),
		'or',
	);
}

/** What to do in the platform to make a webhook event happen: "enroll a student, record a payment or …". */
export function webhookEventActions(resources: readonly ResourceDescriptor[]): string {
	return listed(
		resources.flatMap((resource) => (resource.webhook ? [resource.webhook.makeOneHappen] : [])),
		'or',
	);
}

/** The webhook trigger's Events options: "All Events", each "All …" group and each event, by name (n8n's linter wants them sorted). */
export function webhookEventOptions(
	resources: readonly ResourceDescriptor[],
): INodePropertyOptions[] {
	const options: INodePropertyOptions[] = [{ name: 'All Events', value: '*' }];
	for (const { webhook } of resources) {
		if (!webhook) continue;
		const events = Object.entries(webhook.events);
		options.push({ name: webhook.groupName, value: groupValue(Object.keys(webhook.events)) });
		options.push(
			...events.map(([value, description]) => ({ name: eventName(value), value, description })),
		);
	}
	return options.sort((a, b) => a.name.localeCompare(b.name));
}

/** What the polling trigger emits for one kind of change, and the option that selects it. */
interface PollEventOption {
	event: string;
	displayName: string;
	description: string;
}

export interface PollableResource {
	descriptor: ListedResource;
	events: Record<'created' | 'updated', PollEventOption>;
}

export function pollableResources(resources: readonly ResourceDescriptor[]): PollableResource[] {
	return resources.flatMap((descriptor) => {
		if (!descriptor.poll) return [];
		const { poll } = descriptor;
		const option = ({ event, description }: { event: string; description: string }) => ({
			event,
			displayName: eventName(event),
			description,
		});
		return [
			{ descriptor, events: { created: option(poll.created), updated: option(poll.updated) } },
		];
	});
}
