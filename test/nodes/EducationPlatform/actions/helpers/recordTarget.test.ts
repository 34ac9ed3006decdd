import type { IExecuteFunctions } from 'n8n-workflow';
import { recordPicker } from '../../../../../nodes/shared/descriptions/recordPicker';
import {
	readRecordTarget,
	recordProperties,
} from '../../../../../nodes/EducationPlatform/actions/helpers/recordTarget';
import { RESOURCES } from '../../../../../nodes/shared/resources/registry';
import { forVersion } from '../../../../compat/support/parameterContract';
import { resource as course } from '../../../shared/resources/fixture';

describe('recordProperties: the record picker from the node version its resource names', () => {
	const picker = recordPicker({
		name: 'courseId',
		displayName: 'Course',
		description: 'The course',
		list: { searchListMethod: 'searchCourses', placeholder: 'e.g. Algebra' },
		id: {
			example: 'crs_4Kd9Wq2Z',
			check: { pattern: 'crs_\\w+', errorMessage: 'Not a course ID' },
		},
	});
	const idTypes = (sinceNodeVersion: number | undefined, version: number) =>
		forVersion(
			recordProperties({
				...course,
				picker: { getProperty: picker, listSearch: {}, sinceNodeVersion },
			}),
			version,
		)
			.filter((property) => property.name === course.id.parameter)
			.map((property) => property.type);

	it('version 1 keeps the plain ID field of a picker that arrives in version 2; version 2 shows the picker, under the same name', () => {
		expect(picker.name).toBe(course.id.parameter);
		expect(idTypes(2, 1)).toEqual(['string']);
		expect(idTypes(2, 2)).toEqual(['resourceLocator']);
	});

	it('a picker without sinceNodeVersion shows in every version', () => {
		expect(idTypes(undefined, 1)).toEqual(['resourceLocator']);
		expect(idTypes(undefined, 2)).toEqual(['resourceLocator']);
	});
});

describe('readRecordTarget', () => {
	const deliveries = RESOURCES.find((resource) => resource.value === 'webhookDelivery')!;
	const reading = (values: Record<string, unknown>) =>
		({
			getNodeParameter: (name: string) => values[name],
		}) as unknown as IExecuteFunctions;

	it("reads a nested record's parent first, into its path under the parent's list and a label naming both", () => {
		const context = reading({ webhookSubscriptionId: 'wh_1', webhookDeliveryId: 'dlv_1' });
		expect(readRecordTarget.call(context, deliveries, 0)).toEqual({
			id: 'dlv_1',
			parentId: 'wh_1',
			path: '/webhooks/wh_1/deliveries/dlv_1',
			label: 'webhook delivery dlv_1 of subscription wh_1',
		});
	});

	it('refuses a malformed parent ID before it reads the ID', () => {
		const context = reading({ webhookSubscriptionId: 'x' });
		expect(() => readRecordTarget.call(context, deliveries, 0)).toThrow(
			/^Webhook Subscription ID is "x"/,
		);
	});
});
