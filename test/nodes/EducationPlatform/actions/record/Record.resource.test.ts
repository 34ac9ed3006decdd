import { operationsOf } from '../../../../../nodes/EducationPlatform/actions/operations';
import * as get from '../../../../../nodes/EducationPlatform/actions/record/get.operation';
import * as getMany from '../../../../../nodes/EducationPlatform/actions/record/getMany.operation';
import { operations } from '../../../../../nodes/EducationPlatform/actions/record/Record.resource';
import { RESOURCES } from '../../../../../nodes/shared/resources/registry';
import { resource as course } from '../../../shared/resources/fixture';

it('gives the record resources, and a resource added to the catalog alone, exactly Get and Get Many', () => {
	expect(operations).toEqual({ get, getMany });
	for (const resource of [...RESOURCES.slice(0, 4), course]) expect(operationsOf(resource)).toBe(operations);
});
