import { ActionableError } from '../../../../nodes/shared/errors';
import {
	requireDeliversToThisN8n,
	thisN8nSubscriptions,
	type ElsewhereRefusal,
} from '../../../../nodes/shared/thisN8n/subscriptions';

const ID = '9d1c3e5a-7b2f-4c1d-8e6a-5f4b3a2c1d0e';

describe('thisN8nSubscriptions', () => {
	const ours = { id: 'wh_1', url: `https://n8n.school.example/webhook/${ID}/webhook` };
	const theirs = { id: 'wh_2', url: 'https://school.example/api/hooks' };

	it("keeps the subscriptions with this n8n's trigger URLs, in their order", () => {
		expect(thisN8nSubscriptions('https://n8n.school.example/', [theirs, ours, 'x'])).toEqual([
			ours,
		]);
		expect(thisN8nSubscriptions('https://n8n.school.example/', [theirs])).toEqual([]);
	});

	it('leaves out a crafted URL that Node reads as under the address (review of issue 29)', () => {
		const crafted = { id: 'wh_3', url: `http://127.0.0.1:5678\\@evil.example/${ID}/webhook` };
		const local = { id: 'wh_4', url: `http://127.0.0.1:5678/webhook/${ID}/webhook` };
		expect(thisN8nSubscriptions('http://127.0.0.1:5678/', [crafted, local])).toEqual([local]);
	});

	it('refuses when the address could not be read, naming the setting', () => {
		expect(() => thisN8nSubscriptions(undefined, [ours])).toThrow(
			"Could not tell this n8n's webhook address from the execution's resume URL",
		);
	});

	it('refuses "none" at a local address while trigger URLs of another address are registered (a process without N8N_WEBHOOK_URL)', () => {
		const refuse = () => thisN8nSubscriptions('http://localhost:5678/', [theirs, ours]);
		expect(refuse).toThrow(
			`No subscription delivers to this n8n's webhook address http://localhost:5678/, but 1 with an n8n trigger's URL delivers elsewhere (e.g. https://n8n.school.example/webhook/${ID}/webhook)`,
		);
		let refused: unknown;
		try {
			refuse();
		} catch (error) {
			refused = error;
		}
		expect((refused as { description?: string }).description).toMatch(
			/^Set n8n's webhook URL .*queue-mode workers included.*N8N_WEBHOOK_URL=.*, then run again\. .*Deliveries Of → One Subscription\..*nothing to recover: unpublish this workflow here \(on n8n 1\.x: deactivate it\)\.$/,
		);
		expect(() =>
			thisN8nSubscriptions('http://[::1]:5678/', [ours, { ...ours, id: 'wh_4' }]),
		).toThrow(/but 2 with an n8n trigger's URL deliver elsewhere/);
		expect(() => thisN8nSubscriptions('http://0.0.0.0:5678/', [ours])).toThrow(
			/http:\/\/0\.0\.0\.0:5678\//,
		);
		// A public name that merely starts with 127 is not a local address.
		expect(thisN8nSubscriptions('https://127.example.com/', [ours])).toEqual([]);
		// A local address with no trigger URL anywhere, or with its own: nothing is wrong.
		expect(thisN8nSubscriptions('http://127.0.0.1:5678/', [theirs])).toEqual([]);
		const local = {
			id: 'wh_3',
			url: `http://127.0.0.1:5678/webhook/${ID.replace('9d1c', '77aa')}/webhook`,
		};
		expect(thisN8nSubscriptions('http://127.0.0.1:5678/', [ours, local])).toEqual([local]);
	});
});

describe('requireDeliversToThisN8n', () => {
	const ours = { id: 'wh_1', url: `https://n8n.school.example/webhook/${ID}/webhook` };
	const accounting = { id: 'wh_2', url: 'https://accounting.example/hooks/edu' };
	const person: ElsewhereRefusal = {
		operation: 'Delete',
		consequence: 'so Delete deleted nothing',
		override: 'Delete Even If It Delivers Elsewhere',
	};
	const tool: ElsewhereRefusal = {
		operation: 'Redeliver',
		consequence: 'so Redeliver sent nothing',
	};
	/** What the check threw, or undefined. */
	const refusal = (...args: Parameters<typeof requireDeliversToThisN8n>) => {
		try {
			requireDeliversToThisN8n(...args);
			return undefined;
		} catch (error) {
			expect(error).toBeInstanceOf(ActionableError);
			return {
				message: (error as ActionableError).message,
				description: (error as ActionableError).description,
			};
		}
	};

	it("passes a subscription with one of this n8n's trigger URLs", () => {
		expect(refusal(ours, 'https://n8n.school.example/', person)).toBeUndefined();
	});

	it('refuses any other, naming its URL, and a person the option', () => {
		expect(refusal(accounting, 'https://n8n.school.example/', person)).toEqual({
			message:
				'Subscription "wh_2" delivers elsewhere, to "https://accounting.example/hooks/edu", not to this n8n, so Delete deleted nothing',
			description:
				'Delete acts only on subscriptions that deliver to this n8n (delivers_to_this_n8n: true). To go ahead anyway, set Options → Delete Even If It Delivers Elsewhere.',
		});
		expect(refusal({ id: 'wh_3' }, 'https://n8n.school.example/', person)?.message).toBe(
			'Subscription "wh_3" delivers elsewhere, to no URL, not to this n8n, so Delete deleted nothing',
		);
	});

	it('tells a tool there is no way around it', () => {
		expect(refusal(accounting, 'https://n8n.school.example/', tool)?.description).toBe(
			"As an AI agent's tool, Redeliver acts only on subscriptions that deliver to this n8n (delivers_to_this_n8n: true), and nothing changes that.",
		);
	});

	it("refuses every subscription when this n8n's address could not be read: only proof counts", () => {
		const refused = refusal(ours, undefined, person);
		expect(refused?.message).toBe(
			'Could not tell whether subscription "wh_1" delivers to this n8n (its webhook address could not be read from the execution\'s resume URL), so Delete deleted nothing',
		);
		expect(refused?.description).toMatch(
			/^Delete acts only on .*Delete Even If It Delivers Elsewhere\. Set n8n's webhook URL .*, then run again\.$/,
		);
	});

	it("says how to set the address when the URL is an n8n trigger's under another one (this n8n's, with its address set wrong)", () => {
		expect(refusal(ours, 'http://localhost:5678/', person)?.description).toMatch(
			/If that URL is this n8n's, its webhook address \(now http:\/\/localhost:5678\/\) is wrong: Set n8n's webhook URL/,
		);
		expect(refusal(accounting, 'http://localhost:5678/', person)?.description).not.toMatch(
			/If that URL/,
		);
	});

	it('quotes the URL it echoes, cut after 200 characters', () => {
		const long = { id: 'wh_4', url: `https://x.example/${'a'.repeat(300)}\nforged` };
		expect(refusal(long, 'https://n8n.school.example/', person)?.message).toMatch(
			/^Subscription "wh_4" delivers elsewhere, to "https:\/\/x\.example\/a+…", not to this n8n/,
		);
	});
});
