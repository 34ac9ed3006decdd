import type { INodePropertyOptions } from 'n8n-workflow';
import type { ListedResource, ListSearchMethod, ResourceDescriptor } from './descriptor';
import { resource as enrollment } from './enrollment';
import { resource as examResult } from './examResult';
import { resource as payment } from './payment';
import { resource as student } from './student';
import { resource as webhookDelivery } from './webhookDelivery';
import { resource as webhookSubscription } from './webhookSubscription';
import * as webhookApi from './webhookSubscription/api';
import { groupValue } from './webhookEvents';

export { webhookEventGroups, type WebhookEventGroup } from './webhookEvents';

/**
 * The platform's webhook API (webhookSubscription/api.ts), for the trigger, which registers its
 * own subscription: reached through here, so that only the resource's folder names its endpoints.
 */
export { webhookApi };

/**
 * Every resource, in the order the nodes' Resource selectors show them. Adding one is its folder
 * and one line here: the action node, both triggers and both token credentials derive from this
 * list through the functions below (each takes the list, so a test can pass its own).
 */
export const RESOURCES: readonly ResourceDescriptor[] = [student, enrollment, payment, examResult, webhookSubscription, webhookDelivery];

export function resourceByValue(resources: readonly ResourceDescriptor[], value: string): ResourceDescriptor | undefined {
	return resources.find((resource) => resource.value === value);
}

/** The nodes' `methods.listSearch`: every picker's search methods. */
export function listSearchMethods(resources: readonly ResourceDescriptor[]): Record<string, ListSearchMethod> {
	return Object.assign({}, ...resources.map((resource) => resource.picker?.listSearch ?? {})) as Record<string, ListSearchMethod>;
}

/** An event type in words: `exam_result.published` → "Exam Result Published". */
function eventName(event: string): string {
	return event
		.split(/[._]/)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ');
}

/** "a, b and c" / "a, b or c", for sentences that list resources. */
export function listed(items: readonly string[], conjunction: 'and' | 'or'): string {
	return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** What a webhook event's data is, e.g. "enrollment, payment or exam result". */
export function webhookRecordNames(resources: readonly ResourceDescriptor[]): string {
	return listed(resources.filter((resource) => resource.webhook).map((resource) => resource.displayName.toLowerCase()), 'or');
}

/** What to do in the platform to make a webhook event happen: "enroll a student, record a payment or …". */
export function webhookEventActions(resources: readonly ResourceDescriptor[]): string {
	return listed(resources.flatMap((resource) => (resource.webhook ? [resource.webhook.makeOneHappen] : [])), 'or');
}

/** The webhook trigger's Events options: "All Events", each "All …" group and each event, by name (n8n's linter wants them sorted). */
export function webhookEventOptions(resources: readonly ResourceDescriptor[]): INodePropertyOptions[] {
	const options: INodePropertyOptions[] = [{ name: 'All Events', value: '*' }];
	for (const { webhook } of resources) {
		if (!webhook) continue;
		const events = Object.entries(webhook.events);
		options.push({ name: webhook.groupName, value: groupValue(Object.keys(webhook.events)) });
		options.push(...events.map(([value, description]) => ({ name: eventName(value), value, description })));
	}
	return options.sort((a, b) => a.name.localeCompare(b.name));
}

/** What the polling trigger emits for one kind of change, and the option that selects it. */
export interface PollEventOption {
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
		const option = ({ event, description }: { event: string; description: string }) => ({ event, displayName: eventName(event), description });
		return [{ descriptor, events: { created: option(poll.created), updated: option(poll.updated) } }];
	});
}

/** The resources whose scope is their own "<resource>:read", not one of the webhook scopes. */
function recordResources(resources: readonly ResourceDescriptor[]): ResourceDescriptor[] {
	return resources.filter((resource) => !resource.webhookScope);
}

function titleCase(text: string): string {
	return text.replace(/(^|\s)\S/g, (letter) => letter.toUpperCase());
}

/** The OAuth2 credential's read scopes, e.g. "Read Payments (payments:read)". */
export function scopeOptions(resources: readonly ResourceDescriptor[]): INodePropertyOptions[] {
	return recordResources(resources).map(({ plural, scope }) => ({
		name: `Read ${titleCase(plural)} (${scope})`,
		value: scope,
		description: `List and get ${plural} (Education Platform node)`,
	}));
}

/** The webhook scopes (docs/api-contract.md §6.2), from the resource that reads with one and writes with the other. */
export function webhookScopes(resources: readonly ResourceDescriptor[]): { read: string; write: string } {
	const owner = resources.find((resource) => resource.webhookScope && resource.writeScope);
	if (!owner?.writeScope) throw new Error('No webhook-scope resource names its write scope');
	return { read: owner.scope, write: owner.writeScope };
}

/** The OAuth2 credential's webhook scopes, read then write, worded after the resource that owns them. */
export function webhookScopeOptions(resources: readonly ResourceDescriptor[]): INodePropertyOptions[] {
	const { read, write } = webhookScopes(resources);
	const { plural } = resources.find((resource) => resource.writeScope === write) as ResourceDescriptor;
	return [
		{ name: `Read Webhooks (${read})`, value: read, description: `List ${plural} and their deliveries` },
		{
			name: `Manage Webhooks (${write})`,
			value: write,
			description: `Create and delete ${plural} and redeliver their events: the Education Platform Trigger, and Delete and Redeliver in the Education Platform node`,
		},
	];
}

/**
 * What an OAuth2 credential whose Scopes were never changed asks for: every scope it offers, so
 * every operation of the nodes works on first use (docs/credentials.md, "Scopes").
 */
export function defaultScopes(resources: readonly ResourceDescriptor[]): string[] {
	return [...scopeOptions(resources), ...webhookScopeOptions(resources)].map((option) => String(option.value));
}

/** The access-token credential's test: the one resource it lists, and the others a token may be meant for. */
export function connectionTest(resources: readonly ResourceDescriptor[]): { tested: ListedResource; others: ResourceDescriptor[] } {
	const tested = resources.find((resource): resource is ListedResource => resource.connectionTest === true);
	if (!tested) throw new Error('No resource is marked connectionTest');
	return { tested, others: recordResources(resources).filter((resource) => resource !== tested) };
}
