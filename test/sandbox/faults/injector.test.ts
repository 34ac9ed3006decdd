import { FaultInjector, SCHEDULE_FAULTS, globToRegExp } from '../../../sandbox/faults/injector';
import type { FaultRule } from '../../../sandbox/schemas/faults';

const TOO_MANY = { type: 'status', status: 429, retry_after: 1 } as const;

function injector(faults: FaultRule[], extra: { faultRate?: number; faultSeed?: number } = {}) {
	return new FaultInjector({
		faults,
		faultRate: extra.faultRate ?? 0,
		faultSeed: extra.faultSeed ?? 1,
		seed: 1,
	});
}

function firing(
	inj: FaultInjector,
	count: number,
	method = 'GET',
	path = '/v1/students',
): number[] {
	const hits: number[] = [];
	for (let n = 1; n <= count; n++) if (inj.decide(method, path)) hits.push(n);
	return hits;
}

describe('FaultInjector', () => {
	it('fires on the nth matching requests only', () => {
		const inj = injector([{ path: '/v1/students', method: 'GET', nth: [3, 7], fault: TOO_MANY }]);
		expect(inj.decide('GET', '/v1/webhooks')).toBeUndefined();
		expect(inj.decide('POST', '/v1/students')).toBeUndefined();
		expect(firing(inj, 10)).toEqual([3, 7]);
		expect(inj.list()[0]).toMatchObject({ matched: 10, injected: 2 });
	});

	it('supports after + times (a burst) and every k-th', () => {
		expect(firing(injector([{ after: 4, times: 3, fault: TOO_MANY }]), 12)).toEqual([5, 6, 7]);
		expect(firing(injector([{ every: 3, fault: { type: 'status', status: 503 } }]), 10)).toEqual([
			3, 6, 9,
		]);
		expect(
			firing(injector([{ after: 2, every: 2, times: 2, fault: { type: 'drop' } }]), 12),
		).toEqual([4, 6]);
	});

	it('draws probabilities from a seeded generator: same seed, same schedule', () => {
		const schedule = (seed: number) =>
			firing(injector([{ probability: 0.3, seed, fault: TOO_MANY }]), 200);
		expect(schedule(5)).toEqual(schedule(5));
		expect(schedule(5)).not.toEqual(schedule(6));
		expect(schedule(5).length).toBeGreaterThan(30);
		expect(schedule(5).length).toBeLessThan(90);
	});

	it('matches path globs', () => {
		expect(globToRegExp('*/students').test('/api/v1/students')).toBe(true);
		expect(globToRegExp('*/students').test('/v1/students/1')).toBe(false);
		expect(globToRegExp('/v1/students*').test('/v1/students/1')).toBe(true);
		expect(globToRegExp('/v1/students').test('/v1/students')).toBe(true);
	});

	it('counts every rule independently and lets the first firing rule win', () => {
		const inj = injector([
			{ id: 'a', nth: [2], fault: TOO_MANY },
			{ id: 'b', nth: [2, 3], fault: { type: 'status', status: 500 } },
		]);
		expect(inj.decide('GET', '/x')).toBeUndefined();
		expect(inj.decide('GET', '/x')).toEqual(TOO_MANY);
		expect(inj.decide('GET', '/x')).toEqual({ type: 'status', status: 500 });
	});

	it('adds a random mixed schedule on API paths when faultRate > 0', () => {
		const inj = injector([], { faultRate: 0.5, faultSeed: 3 });
		expect(inj.list()).toEqual([
			expect.objectContaining({
				id: 'schedule',
				path: '*/v1/*',
				probability: 0.5,
				fault: SCHEDULE_FAULTS,
			}),
		]);
		const kinds = new Set<string>();
		for (let n = 0; n < 300; n++) {
			const fault = inj.decide('GET', '/api/v1/students');
			if (fault) kinds.add(fault.type === 'status' ? String(fault.status) : fault.type);
		}
		expect([...kinds].sort()).toEqual(['429', '500', '502', '503', 'delay', 'drop', 'truncate']);
		expect(inj.decide('GET', '/oauth/token')).toBeUndefined();
	});

	it('replaces, removes and clears rules', () => {
		const inj = injector([{ id: 'x', fault: TOO_MANY }]);
		inj.add({ fault: { type: 'drop' } });
		expect(inj.list().map((r) => r.id)).toEqual(['x', 'rule_1']);
		expect(inj.remove('x')).toBe(true);
		expect(inj.remove('x')).toBe(false);
		inj.replace([{ id: 'y', fault: TOO_MANY }]);
		expect(inj.list().map((r) => r.id)).toEqual(['y']);
		inj.clear();
		expect(inj.decide('GET', '/v1/students')).toBeUndefined();
	});
});
