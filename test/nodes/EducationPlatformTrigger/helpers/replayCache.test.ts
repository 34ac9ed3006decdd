import { ReplayCache } from '../../../../nodes/EducationPlatformTrigger/helpers/replayCache';

describe('ReplayCache', () => {
	let nowMs = 1_795_000_000_000;
	const clock = () => nowMs;
	const nowS = () => Math.floor(nowMs / 1000);

	beforeEach(() => {
		nowMs = 1_795_000_000_000;
	});

	it('reports an id as new the first time and as seen the second time', () => {
		const cache = new ReplayCache({ now: clock });
		expect(cache.checkAndRecord('evt_1', nowS(), 300)).toBe(false);
		expect(cache.checkAndRecord('evt_1', nowS(), 300)).toBe(true);
		expect(cache.checkAndRecord('evt_2', nowS(), 300)).toBe(false);
	});

	it('remembers an id until its timestamp could no longer pass the tolerance check', () => {
		const cache = new ReplayCache({ now: clock });
		const timestamp = nowS() + 100; // signed 100 s "in the future" (clock skew)
		cache.checkAndRecord('evt_1', timestamp, 300);
		nowMs += 399_000;
		expect(cache.checkAndRecord('evt_1', timestamp, 300)).toBe(true);
		nowMs += 2_000; // now > timestamp + tolerance: the timestamp check refuses it from here on
		expect(cache.checkAndRecord('evt_1', timestamp, 300)).toBe(false);
	});

	it('keeps an id for the tolerance after it was seen when its timestamp is older', () => {
		const cache = new ReplayCache({ now: clock });
		cache.checkAndRecord('evt_1', nowS() - 250, 300);
		nowMs += 299_000;
		expect(cache.checkAndRecord('evt_1', nowS(), 300)).toBe(true);
	});

	it('stays within its bound, dropping expired ids first and then the oldest', () => {
		const cache = new ReplayCache({ now: clock, maxEntries: 3 });
		cache.checkAndRecord('short', nowS(), 10);
		cache.checkAndRecord('a', nowS(), 300);
		cache.checkAndRecord('b', nowS(), 300);
		nowMs += 20_000; // "short" has expired
		cache.checkAndRecord('c', nowS(), 300);
		expect(cache.size).toBe(3);
		expect(cache.checkAndRecord('a', nowS(), 300)).toBe(true);

		cache.checkAndRecord('d', nowS(), 300); // full of live ids: the oldest ("a"… then "b") go
		expect(cache.size).toBe(3);
		expect(cache.checkAndRecord('d', nowS(), 300)).toBe(true);
		expect(cache.checkAndRecord('c', nowS(), 300)).toBe(true);
	});

	it('never grows beyond its bound under many distinct ids', () => {
		const cache = new ReplayCache({ now: clock, maxEntries: 100 });
		for (let i = 0; i < 1000; i++) cache.checkAndRecord(`evt_${i}`, nowS(), 300);
		expect(cache.size).toBe(100);
		expect(cache.checkAndRecord('evt_999', nowS(), 300)).toBe(true);
	});
});
