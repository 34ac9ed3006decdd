import { recordPicker } from '../../../../nodes/shared/descriptions/recordPicker';

const picker = (required?: boolean, checked = true) =>
	recordPicker({
		name: 'thingId',
		displayName: 'Thing',
		description: 'The thing',
		required,
		list: { searchListMethod: 'searchThings', placeholder: 'Search things…' },
		id: {
			example: 'th_1',
			check: checked
				? { pattern: 'th_[0-9]+', errorMessage: 'A thing ID looks like th_1' }
				: undefined,
		},
	});

const byIdRegex = (locator: ReturnType<typeof picker>) =>
	new RegExp(
		(
			locator.modes?.[1].validation?.[0] as unknown as { properties: { regex: string } }
		).properties.regex,
	);

describe('recordPicker', () => {
	it('is a resource locator that starts on From List, searching with the method, then By ID with the example', () => {
		const locator = picker();
		expect(locator).toMatchObject({
			name: 'thingId',
			displayName: 'Thing',
			description: 'The thing',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
		});
		expect(
			locator.modes?.map((mode) => [
				mode.name,
				mode.displayName,
				mode.placeholder,
				mode.typeOptions,
			]),
		).toEqual([
			[
				'list',
				'From List',
				'Search things…',
				{ searchListMethod: 'searchThings', searchable: true },
			],
			['id', 'By ID', 'e.g. th_1', undefined],
		]);
		expect(
			(locator.modes?.[1].validation?.[0] as unknown as { properties: { errorMessage: string } })
				.properties.errorMessage,
		).toBe('A thing ID looks like th_1');
	});

	it('By ID accepts the whole ID, white space around it allowed, and nothing that only contains one', () => {
		const regex = byIdRegex(picker());
		expect(['th_1', ' th_42 '].every((value) => regex.test(value))).toBe(true);
		expect(['th_', 'x th_1', 'th_1x', ''].some((value) => regex.test(value))).toBe(false);
	});

	it('without a check, By ID has no validation for the editor to run (the run checks the ID)', () => {
		expect(picker(false, false).modes?.[1]).toEqual({
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. th_1',
		});
	});

	it('is required only when asked: an optional picker has no required key', () => {
		expect(picker(true).required).toBe(true);
		expect('required' in picker()).toBe(false);
	});
});
