import { resource } from '../../../../../nodes/shared/resources/payment';
import { checkDescriptor } from '../descriptorChecks';

describe('the payment descriptor', () => checkDescriptor(resource));
