import { resource } from '../../../../../nodes/shared/resources/examResult';
import { checkDescriptor } from '../descriptorChecks';

describe('the examResult descriptor', () => checkDescriptor(resource));
