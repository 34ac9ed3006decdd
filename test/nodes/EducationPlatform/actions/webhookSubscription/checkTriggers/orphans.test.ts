import {
	keptByInput,
	orphanItems,
	planOrphans,
	type InputChecks,
	type LogReading,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/orphans';
import type { Orphan } from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/triggerVerdicts';

const INPUT: InputChecks = {
	deleteOrphans: true,
	partial: undefined,
	watchdogId: 'wf-watchdog',
	watchdogListed: true,
};
const REFUSED = {
	refused: 3,
	since: '2026-11-21T09:00:00.000000Z',
	until: '2026-11-21T09:05:05.000000Z',
	eventId: 'evt_1',
};
const PROOF = {
	...REFUSED,
	served: { at: '2026-11-21T09:01:00.000000Z', subscriptionId: 'wh_live' },
};
/** The proof with n8n's own "not registered" answer to the URL just now. */
const PROVEN = { proof: PROOF, now: { refused: true, answer: 'it answered 404' } };
const orphan = (id: string, owner: string | null = null): Orphan => ({
	subscription: {
		id,
		url: `https://n8n.example.com/webhook/${id}/webhook`,
		events: ['payment.failed'],
		enabled: true,
	},
	webhookId: id,
	owner,
});

describe('which orphans Check Triggers deletes', () => {
	it('the input keeps an orphan: the option off, a workflow naming it, an incomplete input, or one without this workflow', () => {
		expect(keptByInput(orphan('a'), { ...INPUT, deleteOrphans: false })).toBe('option_off');
		expect(keptByInput(orphan('a', 'wf-off'), INPUT)).toBe('owner');
		expect(keptByInput(orphan('a'), { ...INPUT, partial: 0 })).toBe('partial');
		expect(keptByInput(orphan('a'), { ...INPUT, watchdogListed: false })).toBe(
			'watchdog_not_listed',
		);
		expect(keptByInput(orphan('a'), INPUT)).toBeUndefined();
	});

	it("deletes only what the platform's log proves refused; a log that could not be read proves nothing", () => {
		const readings = new Map<string, LogReading>([
			['a', PROVEN],
			['b', {}],
			['c', { error: 'Server error' }],
			['e', { proof: REFUSED }],
			['f', { proof: PROOF, now: { refused: false, answer: 'it answered 401' } }],
			['g', { proof: PROOF }],
		]);
		const planned = planOrphans(
			[
				orphan('a'),
				orphan('b'),
				orphan('c'),
				orphan('d', 'wf-off'),
				orphan('e'),
				orphan('f'),
				orphan('g'),
			],
			INPUT,
			readings,
		);
		expect(
			planned.map((outcome) => [
				outcome.orphan.subscription.id,
				outcome.action,
				outcome.keptBecause,
			]),
		).toEqual([
			['a', 'deleted', undefined],
			['b', 'kept', 'no_proof'],
			['c', 'kept', 'no_proof'],
			['d', 'kept', 'owner'],
			['e', 'kept', 'not_served_meanwhile'],
			['f', 'kept', 'answered_now'],
			['g', 'kept', 'answered_now'],
		]);
		expect(orphanItems(planned, INPUT).map((item) => item.proof === null)).toEqual([
			false,
			true,
			true,
			true,
			true,
			false,
			false,
		]);
		expect(orphanItems(planned, INPUT)[5].note).toMatch(
			/but a request to its URL just now did not get n8n's own "not registered" answer \(it answered 401\), so a workflow may serve it again/,
		);
		expect(planned[2].error).toBe('Server error');
	});

	it('deletes none when more than 5 have the proof, and says so on each', () => {
		const many = Array.from({ length: 6 }, (_, index) => orphan(`o${index}`));
		const planned = planOrphans(
			many,
			INPUT,
			new Map(many.map((each) => [each.subscription.id, PROVEN])),
		);
		expect(new Set(planned.map((outcome) => `${outcome.action} ${outcome.keptBecause}`))).toEqual(
			new Set(['kept over_cap']),
		);
		expect(orphanItems(planned, INPUT)[0].note).toMatch(
			/It was kept: 6 orphans have the platform's proof, more than the 5 one run deletes/,
		);
		const fewEnough = planOrphans(
			many.slice(1),
			INPUT,
			new Map(many.map((each) => [each.subscription.id, PROVEN])),
		);
		expect(fewEnough.every((outcome) => outcome.action === 'deleted')).toBe(true);
	});

	it('each kept orphan says why, and what it would take', () => {
		const notes = (input: InputChecks, owner: string | null = null) =>
			orphanItems(planOrphans([orphan('a', owner)], input, new Map([['a', {}]])), input)[0];
		expect(notes({ ...INPUT, deleteOrphans: false })).toMatchObject({
			action: 'none',
			proof: null,
			note: expect.stringMatching(/Delete Orphaned Subscriptions is off, so it was kept\.$/),
		});
		expect(notes(INPUT, 'wf-off').note).toMatch(
			/It was kept: workflow "wf-off" still names this URL/,
		);
		expect(notes({ ...INPUT, partial: 1 }).note).toMatch(
			/Input item 2 is an active n8n 2\.x workflow without its published version/,
		);
		expect(notes({ ...INPUT, watchdogListed: false }).note).toMatch(
			/the input does not list this workflow itself \(ID "wf-watchdog"\), so it may not be all of this n8n's workflows/,
		);
		expect(notes({ ...INPUT, watchdogListed: false, watchdogId: undefined }).note).toMatch(
			/\(it has no ID: save it\)/,
		);
		expect(notes(INPUT).note).toMatch(
			/does not show n8n refusing it lately \(404 to attempts 1 to 3 of one event and to every attempt since, over 5 minutes or more, the last within the past hour, all since the subscription last changed\), so its workflow may still be live\. It is deleted at a run after n8n has refused an event for it for 5 minutes while another of its triggers received one\.$/,
		);
	});
});
