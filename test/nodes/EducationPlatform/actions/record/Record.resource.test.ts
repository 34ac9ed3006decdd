import { OPERATIONS } from '../../../../../nodes/EducationPlatform/actions/operations';
import * as get from '../../../../../nodes/EducationPlatform/actions/record/get.operation';
import * as getMany from '../../../../../nodes/EducationPlatform/actions/record/getMany.operation';
import { operations } from '../../../../../nodes/EducationPlatform/actions/record/Record.resource';
import { RESOURCES } from '../../../../../nodes/shared/resources/registry';

it('gives the record resources exactly Get and Get Many', () => {
	expect(operations).toEqual({ get, getMany });
	for (const resource of RESOURCES.slice(0, 4)) expect(OPERATIONS[resource.value]).toBe(operations);
});
