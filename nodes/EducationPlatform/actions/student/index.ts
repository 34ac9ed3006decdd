import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export { get, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['student'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a student by ID',
				action: 'Get a student',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List students, with filters and sort',
				action: 'Get many students',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
];
