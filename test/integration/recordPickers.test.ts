// The record pickers of Get in action node version 2 (Enrollment, Payment, Exam Result, Webhook
// Delivery) as n8n's editor calls them: each listSearch method in n8n-core's LoadOptionsContext,
// against a live sandbox. What they offer is the sandbox's own `filter[search]` result, newest
// change first, 50 at a time, each named by what a person recognises.
import { LoadOptionsContext } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';

import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { RESOURCE_DEFINITIONS, withSearch } from '../../sandbox/resources/definitions';
import { parseRecordQuery } from '../../sandbox/resources/query';
import { createNodeWorkflow, TEST_INSTANCE_URL } from '../harness';
import { accessTokenCredentials, liveSandboxForFile } from './support/liveSandbox';

jest.setTimeout(60_000);

const sandbox = liveSandboxForFile({ students: 200, webhookRetryScale: 0.00001 });

/** What the editor does when the picker opens or the user types: one page of the method's list. */
async function search(
	method: string,
	parameters: INodeParameters,
	filter?: string,
	paginationToken?: string,
) {
	const nodeType = new EducationPlatform();
	const { workflow, node, additionalData } = createNodeWorkflow({
		nodeType,
		parameters: { authentication: 'accessToken', operation: 'get', ...parameters },
		credentials: accessTokenCredentials(sandbox()),
	});
	// The editor sends the node's parameters as they stand with every list request.
	const context = new LoadOptionsContext(
		workflow,
		node,
		{ ...additionalData, currentNodeParameters: node.parameters },
		'parameters.id',
	);
	return await nodeType.methods.listSearch[method].call(context, filter, paginationToken);
}

type Row = Record<string, any>;
const who = (row: Row) => `${row.student.first_name} ${row.student.last_name}`;

/** Each picker's names, written out from the contract's fields (not from the node's code). */
const PICKERS = [
	{
		path: 'enrollments',
		resource: 'enrollment',
		method: 'searchEnrollments',
		name: (row: Row) =>
			`${who(row)} — ${row.course.code} ${row.course.name}, ${row.term.name} (${row.status})`,
	},
	{
		path: 'payments',
		resource: 'payment',
		method: 'searchPayments',
		name: (row: Row) =>
			`${who(row)} — ${(row.amount / 100).toFixed(2)} ${row.currency}, ${(row.paid_at ?? row.created_at).slice(0, 10)} (${row.status.replace('_', ' ')})`,
	},
	{
		path: 'exam-results',
		resource: 'examResult',
		method: 'searchExamResults',
		name: (row: Row) =>
			`${who(row)} — ${row.exam.name}, ${row.score}/${row.max_score}, grade ${row.grade}, ${row.exam.taken_on}`,
	},
] as const;

/** The records the platform lists for `filter[search]`, newest change first: what the picker must show. */
function platformList(path: (typeof PICKERS)[number]['path'], term?: string): Row[] {
	const definition = RESOURCE_DEFINITIONS.find((candidate) => candidate.path === path)!;
	const query = parseRecordQuery(withSearch(definition, sandbox().state.students), {
		'filter[search]': term ?? '',
		sort: '-updated_at',
	});
	const { total, slice } = sandbox().state.records[path].query(query);
	return slice(0, total);
}

describe.each(PICKERS)('$method', ({ path, resource, method, name }) => {
	const offered = (rows: Row[]) => rows.map((row) => ({ name: name(row), value: row.id }));

	it("searches the platform by a student's name, whatever the case", async () => {
		const term = sandbox().state.students.get(17)!.last_name.slice(0, 4);
		const expected = platformList(path, term);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(platformList(path).length);
		const { results, paginationToken } = await search(
			method,
			{ resource },
			` ${term.toUpperCase()} `,
		);
		expect(results).toEqual(offered(expected).slice(0, 50));
		expect(paginationToken).toBe(expected.length > 50 ? '2' : undefined);
	});

	it('pages through every record 50 at a time when nothing is typed, and ends on the last page', async () => {
		const everything = offered(platformList(path));
		const first = await search(method, { resource });
		expect(first.results).toEqual(everything.slice(0, 50));
		expect(first.paginationToken).toBe('2');
		const second = await search(method, { resource }, '', first.paginationToken);
		expect(second.results).toEqual(everything.slice(50, 100));
		const lastPage = String(Math.ceil(everything.length / 50));
		const last = await search(method, { resource }, undefined, lastPage);
		expect(last.results).toEqual(everything.slice((Number(lastPage) - 1) * 50));
		expect(last.paginationToken).toBeUndefined();
	});
});

describe('searchWebhookDeliveries', () => {
	const webhooks = () => sandbox().state.webhooks!;
	const subscriptionParameter = (value: string) => ({ __rl: true, mode: 'list', value });

	it("lists the chosen subscription's deliveries, newest first, by event type, time and status, and narrows by what is typed", async () => {
		// Nothing listens at this n8n's URL, so every delivery fails at once.
		const url = `${TEST_INSTANCE_URL}/webhook/dddd0000-0000-4000-8000-000000000000/webhook`;
		const subscription = webhooks().subscriptions.create({
			url,
			events: ['payment.succeeded', 'enrollment.created'] as never,
			description: 'Fees',
		});
		try {
			sandbox().state.events!.emit('payment.succeeded' as never, {}, 2);
			sandbox().state.events!.emit('enrollment.created' as never, {}, 1);
			await webhooks().idle();
			// The sandbox keeps the log newest first, the order the picker shows (§8.8).
			const log = webhooks().deliveries(subscription.id);
			expect(log).toHaveLength(3);
			const parameters = {
				resource: 'webhookDelivery',
				webhookSubscriptionId: subscriptionParameter(subscription.id),
			};
			const { results, paginationToken } = await search('searchWebhookDeliveries', parameters);
			const time = (at: Date) =>
				`${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 16)} UTC`;
			const attempts = (count: number) => `${count} attempt${count === 1 ? '' : 's'}`;
			const named = log.map((delivery) => ({
				name: `${delivery.eventType} — ${time(delivery.createdAt)} (${delivery.status}, ${attempts(delivery.attempts.length)})`,
				value: delivery.id,
			}));
			expect(results).toEqual(named);
			expect(paginationToken).toBeUndefined();
			const typed = await search('searchWebhookDeliveries', parameters, 'PAYMENT');
			expect(typed.results).toEqual(
				named.filter((option) => option.name.startsWith('payment.succeeded')),
			);
			expect(typed.results).toHaveLength(2);
		} finally {
			webhooks().remove(subscription.id);
		}
	});
});
