import type { INodeProperties } from 'n8n-workflow';
import type { ResourceName } from './node.type';
import type { ResourceDescriptor } from './resource';
import * as enrollment from './enrollment';
import * as examResult from './examResult';
import * as payment from './payment';
import * as student from './student';

/** Every resource folder, in the order the Resource selector shows them. Adding one is one line here. */
const folders = [student, enrollment, payment, examResult];

export const RESOURCES: Record<ResourceName, ResourceDescriptor> = Object.fromEntries(
	folders.map((folder) => [folder.resource.value, folder.resource]),
) as Record<ResourceName, ResourceDescriptor>;

export const resourceSelector: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: folders.map(({ resource }) => ({ name: resource.displayName, value: resource.value })),
	default: 'student',
};

export const resourceProperties: INodeProperties[] = folders.flatMap((folder) => folder.description);
