import { searchablePicker } from '../../../../nodes/shared/resources/listPicker';

describe('searchablePicker', () => {
	const picker = searchablePicker({
		parameter: 'enrollmentId',
		displayName: 'Enrollment',
		prefix: 'enr',
		example: 'enr_8Fk2Lq9Z',
		method: 'searchEnrollments',
		placeholder: 'Search by student name or course…',
		list: (search) => ({ path: '/enrollments', sort: '-updated_at', search, name: () => '' }),
	});

	it('keeps the ID parameter name, lists From List first and By ID with an "e.g." example, from node version 2', () => {
		expect(picker.sinceNodeVersion).toBe(2);
		expect(picker.getProperty).toMatchObject({
			name: 'enrollmentId',
			displayName: 'Enrollment',
			type: 'resourceLocator',
			required: true,
		});
		expect(picker.getProperty.modes?.map((mode) => [mode.displayName, mode.placeholder])).toEqual([
			['From List', 'Search by student name or course…'],
			['By ID', 'e.g. enr_8Fk2Lq9Z'],
		]);
		expect(picker.getProperty.modes?.[0].typeOptions?.searchListMethod).toBe('searchEnrollments');
		expect(Object.keys(picker.listSearch)).toEqual(['searchEnrollments']);
	});

	it("accepts the resource's IDs only, with space around them, and says what one looks like", () => {
		const [rule] = picker.getProperty.modes![1].validation as unknown as Array<{
			properties: { regex: string; errorMessage: string };
		}>;
		const regex = new RegExp(rule.properties.regex);
		expect(['enr_8Fk2Lq9Z', ' enr_8Fk2Lq9Z ', 'enr_1'].every((id) => regex.test(id))).toBe(true);
		expect(['pay_3Qw8Er5T', 'enr_', '8Fk2Lq9Z', 'enr_8Fk2 Lq9Z'].some((id) => regex.test(id))).toBe(
			false,
		);
		expect(rule.properties.errorMessage).toBe('An enrollment ID looks like enr_8Fk2Lq9Z');
	});
});
