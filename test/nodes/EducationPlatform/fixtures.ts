// Test helpers for the Education Platform node: a student factory, a nock-backed fake of
// `GET /v1/students` that pages like the contract (§3.5) and records every request, and a
// runner that executes the node through n8n's real engine (test/harness).
import nock from 'nock';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { EducationPlatform } from '../../../nodes/EducationPlatform/EducationPlatform.node';
import { runNode, type RunNodeOptions } from '../../harness';

export const ORIGIN = 'https://school.test';
export const TOKEN = 'pat-test-token';

export function student(id: number): IDataObject {
	return {
		id,
		student_number: `S-2024-${String(id).padStart(6, '0')}`,
		first_name: `First${id}`,
		last_name: `Last${id}`,
		preferred_name: null,
		email: `student${id}@students.school.test`,
		status: 'active',
		grade_level: 9,
		group_ids: [12],
		enrolled_at: '2024-09-02',
		guardians: [
			{
				id: 9000 + id,
				name: `Guardian${id}`,
				email: `g${id}@example.net`,
				phone: '+1-555-0100',
				is_primary: true,
			},
		],
		created_at: '2024-06-11T10:04:51.000000Z',
		updated_at: '2026-01-20T15:22:03.000000Z',
	};
}

export const studentRange = (from: number, to: number) =>
	Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => student(from + index));

/** One request as the fake API saw it. */
export interface SeenRequest {
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
}

export type Envelope = 'resource' | 'paginator' | 'array+link' | 'resource+link';

/** The body and headers the contract's variants would send for one page. */
export function pageResponse(
	envelope: Envelope,
	all: IDataObject[],
	page: number,
	perPage: number,
	url: (page: number) => string,
): { body: unknown; headers: Record<string, string> } {
	const lastPage = Math.max(1, Math.ceil(all.length / perPage));
	const data = all.slice((page - 1) * perPage, page * perPage);
	const next = page < lastPage ? url(page + 1) : null;
	const headers: Record<string, string> = {};
	if (envelope === 'array+link' || envelope === 'resource+link') {
		const links = [next && `<${next}>; rel="next"`, `<${url(lastPage)}>; rel="last"`].filter(
			Boolean,
		);
		headers.Link = links.join(', ');
	}
	if (envelope === 'array+link') return { body: data, headers };
	if (envelope === 'paginator') {
		return {
			body: {
				current_page: page,
				data,
				first_page_url: url(1),
				from: data.length ? (page - 1) * perPage + 1 : null,
				last_page: lastPage,
				last_page_url: url(lastPage),
				next_page_url: next,
				path: url(0).split('?')[0],
				per_page: perPage,
				prev_page_url: page > 1 ? url(page - 1) : null,
				to: data.length ? (page - 1) * perPage + data.length : null,
				total: all.length,
			},
			headers,
		};
	}
	return {
		body: {
			data,
			links: {
				first: url(1),
				last: url(lastPage),
				prev: page > 1 ? url(page - 1) : null,
				next: envelope === 'resource+link' ? null : next,
			},
			meta: {
				current_page: page,
				from: data.length ? (page - 1) * perPage + 1 : null,
				last_page: lastPage,
				path: url(0).split('?')[0],
				per_page: perPage,
				to: data.length ? (page - 1) * perPage + data.length : null,
				total: all.length,
			},
		},
		headers,
	};
}

/**
 * A fake `GET {prefix}/v1/students` (or `/v1{resourcePath}`) holding `all` records. It answers each request from its own
 * `page`/`per_page` (so a wrong page number shows up as wrong data) and records it. `respond`
 * may override an answer, e.g. to send a 429 once.
 */
export function fakeStudentsApi(options: {
	all: IDataObject[];
	envelope?: Envelope;
	prefix?: string;
	/** Another list endpoint, e.g. `/payments`. */
	resourcePath?: string;
	respond?: (
		request: SeenRequest,
		count: number,
	) => [number, unknown, Record<string, string>?] | undefined;
}) {
	const seen: SeenRequest[] = [];
	const prefix = options.prefix ?? '';
	const scope = nock(ORIGIN)
		.persist()
		.get(`${prefix}/v1${options.resourcePath ?? '/students'}`)
		.query(true)
		.reply(function (uri) {
			const url = new URL(uri, ORIGIN);
			const request: SeenRequest = {
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				headers: { ...this.req.headers },
			};
			seen.push(request);
			const override = options.respond?.(request, seen.length);
			if (override) return override;
			const page = Number(request.query.page ?? 1);
			const perPage = Number(request.query.per_page ?? 20);
			const keep = new URLSearchParams(url.searchParams);
			const pageUrl = (n: number) => {
				keep.set('page', String(n));
				return `${ORIGIN}${url.pathname}?${keep.toString()}`;
			};
			const { body, headers } = pageResponse(
				options.envelope ?? 'resource',
				options.all,
				page,
				perPage,
				pageUrl,
			);
			return [
				200,
				body,
				{ 'Content-Type': 'application/json', 'X-RateLimit-Limit': '600', ...headers },
			];
		});
	return { seen, scope };
}

/**
 * Runs the action node as a saved workflow's node: version 1 (Simplify inside Options, Additional
 * Filters), unless `options.typeVersion` names another; actions/helpers/shape.test.ts runs version 2.
 */
export function runEducationPlatform(
	parameters: INodeParameters,
	options: Omit<RunNodeOptions, 'nodeType' | 'parameters'> = {},
) {
	return runNode({
		nodeType: new EducationPlatform(),
		parameters: { resource: 'student', ...parameters },
		credentials: options.credentials ?? {
			educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN },
		},
		typeVersion: 1,
		...options,
	});
}

/** The `json` of every output item. */
export const jsonOf = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json);
