import { EducationPlatformPollingTrigger } from '../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { pollingProperties } from '../../../nodes/EducationPlatformPollingTrigger/description';
import { searchStudents } from '../../../nodes/shared/resources/student/picker';

describe('EducationPlatformPollingTrigger', () => {
	const node = new EducationPlatformPollingTrigger();

	it('is a polling trigger, version 1, with the polling parameters', () => {
		expect(node.description).toMatchObject({
			name: 'educationPlatformPollingTrigger',
			version: 1,
			polling: true,
			inputs: [],
		});
		expect(node.description.properties).toBe(pollingProperties);
	});

	it("offers the Student picker its Filters use, and its resources' other pickers (the registry's, method names saved once)", () => {
		expect(node.methods.listSearch).toEqual({
			searchStudents,
			searchEnrollments: expect.any(Function),
			searchPayments: expect.any(Function),
			searchExamResults: expect.any(Function),
		});
	});
});
