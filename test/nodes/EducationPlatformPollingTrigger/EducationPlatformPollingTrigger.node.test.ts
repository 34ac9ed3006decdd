import { EducationPlatformPollingTrigger } from '../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node';
import { pollingProperties } from '../../../nodes/EducationPlatformPollingTrigger/description';
import { searchStudents } from '../../../nodes/shared/resources/student/picker';

describe('EducationPlatformPollingTrigger', () => {
	const node = new EducationPlatformPollingTrigger();

	it('is a polling trigger, version 1, with the polling parameters', () => {
		expect(node.description).toMatchObject({ name: 'educationPlatformPollingTrigger', version: 1, polling: true, inputs: [] });
		expect(node.description.properties).toBe(pollingProperties);
	});

	it('offers the Student picker its Filters use', () => {
		expect(node.methods.listSearch).toEqual({ searchStudents });
	});
});
