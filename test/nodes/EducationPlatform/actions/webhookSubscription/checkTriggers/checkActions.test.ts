import {
	actionFor,
	ownAndExtras,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/checkActions';
import type {
	TriggerState,
	TriggerVerdict,
} from '../../../../../../nodes/EducationPlatform/actions/webhookSubscription/checkTriggers/triggerVerdicts';

const STATES: TriggerState[] = [
	'healthy',
	'missing',
	'unrecorded',
	'duplicated',
	'wrong_events',
	'disabled',
	'invalid_events',
	'unknown',
	'other_account',
];

describe('actionFor: what a verdict calls for, as the options allow', () => {
	it('re-enables a disabled subscription, repairs wrong events and duplicates, re-publishes a missing or unrecorded one, and does nothing else', () => {
		expect(
			STATES.map((state) => [state, actionFor(state, { reEnable: true, repair: true })]),
		).toEqual([
			['healthy', 'none'],
			['missing', 'republish'],
			['unrecorded', 'republish'],
			['duplicated', 'repaired'],
			['wrong_events', 'repaired'],
			['disabled', 're-enabled'],
			['invalid_events', 'none'],
			['unknown', 'none'],
			['other_account', 'none'],
		]);
	});

	it('changes nothing in place with both options off; a re-publish needs no option', () => {
		const off = { reEnable: false, repair: false };
		expect(STATES.filter((state) => actionFor(state, off) !== 'none')).toEqual([
			'missing',
			'unrecorded',
		]);
		expect(actionFor('disabled', { reEnable: false, repair: true })).toBe('none');
		expect(actionFor('duplicated', { reEnable: true, repair: false })).toBe('none');
	});
});

describe('ownAndExtras: the subscription the trigger recorded, and the others at its URL', () => {
	const verdict = (recorded: string | null, ids: string[]) =>
		({
			trigger: { stored: { subscriptionId: recorded, url: null } },
			subscriptions: ids.map((id) => ({ id })),
		}) as unknown as TriggerVerdict;

	it("splits the URL's subscriptions into the recorded one and the rest", () => {
		expect(ownAndExtras(verdict('wh_b', ['wh_a', 'wh_b', 'wh_c']))).toEqual({
			own: { id: 'wh_b' },
			extras: [{ id: 'wh_a' }, { id: 'wh_c' }],
		});
	});

	it('has no own subscription when the trigger recorded none, or one that is not at its URL', () => {
		expect(ownAndExtras(verdict(null, ['wh_a']))).toEqual({
			own: undefined,
			extras: [{ id: 'wh_a' }],
		});
		expect(ownAndExtras(verdict('wh_x', ['wh_a']))).toEqual({
			own: undefined,
			extras: [{ id: 'wh_a' }],
		});
	});
});
