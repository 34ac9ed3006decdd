import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequest } from '../../../shared/transport';
import { optionsCollection, simplifyOption } from '../../descriptions/options.description';
import {
	studentAdditionalFilters,
	studentFilters,
	studentSort,
} from '../../descriptions/studentFilters.description';
import { InputError } from '../../helpers/inputError';
import { collectPages, MAX_PAGE_SIZE, planPerPage, type ListResponse } from '../../helpers/pagination';
import { simplifyStudent } from '../../helpers/simplify';
import {
	buildStudentListQuery,
	type NameValue,
	type Query,
	type SortRule,
	type StudentFilters,
} from '../../helpers/studentQuery';

const showFor = { resource: ['student'], operation: ['getMany'] };

/** Return All reads 100 per request (the API's maximum) to spend as little of the rate limit as possible. */
const DEFAULT_PAGE_SIZE = MAX_PAGE_SIZE;

export const description: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: { show: showFor },
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { ...showFor, returnAll: [false] } },
	},
	{ ...studentFilters, displayOptions: { show: showFor } },
	{ ...studentAdditionalFilters, displayOptions: { show: showFor } },
	{ ...studentSort, displayOptions: { show: showFor } },
	optionsCollection(showFor, [
		{
			displayName: 'Page Size',
			name: 'pageSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_PAGE_SIZE },
			default: DEFAULT_PAGE_SIZE,
			description:
				'Students per request (1–100). Larger pages use fewer requests of the rate limit; with a Limit, the node asks for no more than it needs.',
		},
		simplifyOption,
	]),
];

interface GetManyOptions {
	pageSize?: number;
	simplify?: boolean;
}

function wholeNumber(value: unknown, label: string, min: number, max?: number): number {
	const number = Number(value);
	if (!Number.isInteger(number) || number < min || (max !== undefined && number > max)) {
		const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
		throw new InputError(
			`${label} is ${String(value)}, it must be a whole number ${range}`,
			`Set ${label} to a whole number ${range}.`,
		);
	}
	return number;
}

/** `GET /v1/students`, page after page, with filters and sort. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? undefined : wholeNumber(this.getNodeParameter('limit', itemIndex, 50), 'Limit', 1);
	const options = this.getNodeParameter('options', itemIndex, {}) as GetManyOptions;
	const pageSize = wholeNumber(options.pageSize ?? DEFAULT_PAGE_SIZE, 'Page Size', 1, MAX_PAGE_SIZE);

	const query = buildStudentListQuery({
		filters: this.getNodeParameter('filters', itemIndex, {}) as StudentFilters,
		additionalFilters: (this.getNodeParameter('additionalFilters.filter', itemIndex, []) as NameValue[]) ?? [],
		sort: (this.getNodeParameter('sort.rule', itemIndex, []) as SortRule[]) ?? [],
		timeZone: this.getTimezone(),
	});

	const fetchPage = async (qs: Query): Promise<ListResponse> =>
		(await apiRequest.call(this, 'GET', '/students', { qs, returnFullResponse: true, itemIndex })) as ListResponse;

	const students = await collectPages(fetchPage, { query, perPage: planPerPage(pageSize, limit), limit });
	return (options.simplify ? students.map(simplifyStudent) : students) as IDataObject[];
}
