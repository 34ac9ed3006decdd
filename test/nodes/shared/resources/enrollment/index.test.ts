import { resource } from '../../../../../nodes/shared/resources/enrollment';
import { checkDescriptor } from '../descriptorChecks';

describe('the enrollment descriptor', () => checkDescriptor(resource));
