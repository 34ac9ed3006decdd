import type { PlatformEvent } from '../../../sandbox/schemas/events';
import type { WebhookService } from '../../../sandbox/webhooks/service';
import { deliveryGapMs, spaceDeliveries } from './slowPlatform';

describe('deliveryGapMs', () => {
	it('reads whole milliseconds from EDU_E2E_DELIVERY_GAP_MS, nothing when unset', () => {
		expect(deliveryGapMs({})).toBeUndefined();
		expect(deliveryGapMs({ EDU_E2E_DELIVERY_GAP_MS: '' })).toBeUndefined();
		expect(deliveryGapMs({ EDU_E2E_DELIVERY_GAP_MS: '1500' })).toBe(1500);
		expect(() => deliveryGapMs({ EDU_E2E_DELIVERY_GAP_MS: '1.5s' })).toThrow(
			'EDU_E2E_DELIVERY_GAP_MS takes whole milliseconds; got "1.5s".',
		);
	});
});

describe('spaceDeliveries', () => {
	beforeEach(() => jest.useFakeTimers({ now: 0 }));
	afterEach(() => jest.useRealTimers());

	it("names an event's subscribers at once and hands the events on one at a time, the gap apart", async () => {
		const handed: Array<[string, number]> = [];
		const webhooks = {
			dispatch: (event: PlatformEvent) => {
				handed.push([event.id, Date.now()]);
				return ['wh_1'];
			},
			subscriptions: { subscribersTo: () => [{ id: 'wh_1' }] },
		} as unknown as WebhookService;
		const waiting = spaceDeliveries(webhooks, 1_500);

		const answers = ['evt_1', 'evt_2', 'evt_3'].map((id) =>
			webhooks.dispatch({ id } as PlatformEvent),
		);
		expect(answers).toEqual([['wh_1'], ['wh_1'], ['wh_1']]);
		expect(handed).toEqual([]);
		expect(waiting()).toBe(3);
		await jest.advanceTimersByTimeAsync(5_000);
		expect(waiting()).toBe(0);
		expect(handed).toEqual([
			['evt_1', 1_500],
			['evt_2', 3_000],
			['evt_3', 4_500],
		]);
	});
});
