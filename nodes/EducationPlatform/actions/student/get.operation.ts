import type { IDataObject, IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { apiRequest, isNotFoundError } from '../../../shared/transport';
import { toNodeError } from '../nodeErrors';
import { optionsCollection, simplifyOption } from '../../descriptions/options.description';
import { simplifyStudent } from '../../helpers/simplify';
import { parseStudentId } from '../../helpers/studentId';

const showFor = { resource: ['student'], operation: ['get'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Student ID',
		name: 'studentId',
		type: 'string',
		required: true,
		placeholder: 'e.g. 1042',
		default: '',
		description: 'The numeric ID of the student, not the student number',
		displayOptions: { show: showFor },
	},
	optionsCollection(showFor, [simplifyOption]),
];

/** `GET /v1/students/{id}` → the student. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const studentId = parseStudentId(this.getNodeParameter('studentId', itemIndex));
	const options = this.getNodeParameter('options', itemIndex, {}) as { simplify?: boolean };

	let response: { data?: unknown };
	try {
		response = (await apiRequest.call(this, 'GET', `/students/${studentId}`, {
			resourceLabel: `student ${studentId}`,
			itemIndex,
		})) as { data?: unknown };
	} catch (error) {
		if (isNotFoundError(error)) {
			throw new NodeApiError(this.getNode(), { message: error.message, httpCode: '404' } as JsonObject, {
				message: `No student with ID ${studentId}`,
				description: `The platform answered "${error.message}". Check the Student ID: it is the numeric "id", not the student number; Get Many with a Search or Student Number filter finds a student's ID. If every ID fails like this, check the Base URL in the credential.`,
				httpCode: '404',
				itemIndex,
			});
		}
		throw toNodeError(this.getNode(), error, itemIndex);
	}
	const student = response?.data ?? response;
	return [(options.simplify ? simplifyStudent(student) : student) as IDataObject];
}
