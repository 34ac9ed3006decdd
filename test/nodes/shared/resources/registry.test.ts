import nock from 'nock';
import type {
	IHookFunctions,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';
import { eventVocabulary } from '../../../../nodes/shared/resources/webhookEvents';
import {
	listSearchMethods,
	pollableResources,
	RESOURCES,
	webhookEventOptions,
} from '../../../../nodes/shared/resources/registry';
import { runNode } from '../../../harness';
import { fakeStudentsApi, ORIGIN, TOKEN } from '../../EducationPlatform/fixtures';
import { useNock } from '../../../harness/nock';
import { checkDescriptor } from './descriptorChecks';

const REGISTRY = '../../../../nodes/shared/resources/registry';
const OPERATIONS = '../../../../nodes/EducationPlatform/actions/operations';

const values = (options: ReadonlyArray<{ value?: unknown }>) =>
	options.map((option) => option.value);
const property = (properties: INodeProperties[], name: string, resource?: string) =>
	properties.find(
		(p) =>
			p.name === name &&
			(resource === undefined || p.displayOptions?.show?.resource?.includes(resource)),
	);

describe('the registry', () => {
	it("lists the resources in the Resource selectors' order; the record resources are the pollable ones", () => {
		expect(RESOURCES.map((resource) => resource.value)).toEqual([
			'student',
			'enrollment',
			'payment',
			'examResult',
			'webhookSubscription',
			'webhookDelivery',
		]);
		expect(pollableResources(RESOURCES).map(({ descriptor }) => descriptor.value)).toEqual([
			'student',
			'enrollment',
			'payment',
			'examResult',
		]);
	});

	it("derives the webhook Events options sorted by name, as n8n's linter wants of a literal list", () => {
		const options = webhookEventOptions(RESOURCES);
		const names = options.map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		// Every "All …" option and every event type, once each.
		const { types, groups } = eventVocabulary(RESOURCES);
		expect([...values(options)].sort()).toEqual([...Object.keys(groups), ...types].sort());
		expect(options.find((option) => option.value === 'exam_result.published')).toEqual({
			name: 'Exam Result Published',
			value: 'exam_result.published',
			description: "A student's exam result was published",
		});
		// Groups list their events in the platform's order, which the trigger's messages show.
		expect(Object.keys(groups)).toEqual(['enrollment.*', 'payment.*', 'exam_result.*', '*']);
	});

	it('derives the pickers', () => {
		// Saved workflows store these names: each is chosen once.
		expect(Object.keys(listSearchMethods(RESOURCES))).toEqual([
			'searchStudents',
			'searchEnrollments',
			'searchPayments',
			'searchExamResults',
			'searchWebhookSubscriptions',
			'searchWebhookDeliveries',
		]);
	});
});

/**
 * The three nodes and the webhook trigger's Events as it reads them, loaded with `course` in RESOURCES and its
 * Archive in the action node's operations.
 */
function loadWithCourse() {
	let loaded!: {
		action: INodeType;
		trigger: INodeType;
		polling: INodeType;
		selectedEvents: (events: string[]) => string[];
	};
	jest.isolateModules(() => {
		jest.doMock(REGISTRY, () => {
			const actual =
				jest.requireActual<typeof import('../../../../nodes/shared/resources/registry')>(REGISTRY);
			const course = jest.requireActual<typeof import('./fixture')>('./fixture');
			// The one line a new resource adds to registry.ts.
			return { ...actual, RESOURCES: [...actual.RESOURCES, course.resource] };
		});
		jest.doMock(OPERATIONS, () => {
			const actual =
				jest.requireActual<typeof import('../../../../nodes/EducationPlatform/actions/operations')>(
					OPERATIONS,
				);
			const own = jest.requireActual<
				typeof import('../../EducationPlatform/actions/fixture/Course.resource')
			>('../../EducationPlatform/actions/fixture/Course.resource');
			// The one line a resource adds to the action node's table.
			return { ...actual, OPERATIONS: { ...actual.OPERATIONS, course: own.operations } };
		});
		// requireActual skips a mock of the module itself only: what it imports sees the mocked registry.
		const { EducationPlatform } = jest.requireActual<
			typeof import('../../../../nodes/EducationPlatform/EducationPlatform.node')
		>('../../../../nodes/EducationPlatform/EducationPlatform.node');
		const { EducationPlatformTrigger } = jest.requireActual<
			typeof import('../../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node')
		>('../../../../nodes/EducationPlatformTrigger/EducationPlatformTrigger.node');
		const { EducationPlatformPollingTrigger } = jest.requireActual<
			typeof import('../../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node')
		>('../../../../nodes/EducationPlatformPollingTrigger/EducationPlatformPollingTrigger.node');
		loaded = {
			action: new EducationPlatform(),
			trigger: new EducationPlatformTrigger(),
			polling: new EducationPlatformPollingTrigger(),
			selectedEvents: (events) =>
				jest
					.requireActual<
						typeof import('../../../../nodes/EducationPlatformTrigger/webhook/handleDelivery')
					>('../../../../nodes/EducationPlatformTrigger/webhook/handleDelivery')
					.selectedEventTypes.call({
						getNodeParameter: () => events,
						getNode: () => ({ name: 'Education Platform Trigger' }),
					} as unknown as IHookFunctions),
		};
	});
	return loaded;
}

// A resource's folder is its data; what every descriptor must hold together is checked here, once per listed resource.
describe.each(RESOURCES.map((resource) => [resource.value, resource] as const))(
	'the %s descriptor',
	(_value, resource) => checkDescriptor(resource),
);

describe("a resource added as one folder, one registry line and one line in the action node's table", () => {
	useNock();
	const { action, trigger, polling, selectedEvents } = loadWithCourse();
	const optionsOf = (p: INodeProperties | undefined) =>
		(p?.options ?? []) as INodePropertyOptions[];

	it('is a Resource of the action node, with Get, Get Many and its own operation, and its own filters and sort', () => {
		const { properties } = action.description;
		expect(optionsOf(property(properties, 'resource'))).toContainEqual({
			name: 'Course',
			value: 'course',
		});
		const operation = property(properties, 'operation', 'course');
		expect(values(optionsOf(operation))).toEqual(['archive', 'get', 'getMany']);
		expect(operation?.default).toBe('getMany');
		const ids = properties.filter(
			(p) => p.name === 'courseId' && p.displayOptions?.show?.resource?.includes('course'),
		);
		expect(ids.map((p) => p.displayOptions?.show)).toEqual([
			{ resource: ['course'], operation: ['archive'] },
			{ resource: ['course'], operation: ['get'] },
		]);
		// Get Many's parameters first, then the other operations' in the selector's order (the Tool
		// Description, one per operation and shown only in the tool variant, is tested on its own).
		const shownFor = properties
			.filter(
				(p) =>
					p.displayOptions?.show?.resource?.includes('course') &&
					!['operation', 'toolDescription'].includes(p.name),
			)
			.map((p) => p.displayOptions?.show?.operation?.[0]);
		expect([...new Set(shownFor)]).toEqual(['getMany', 'archive', 'get']);
		const filters = property(properties, 'filters', 'course');
		expect(filters?.options?.map((option) => option.name)).toEqual(['code', 'updatedSince']);
	});

	it("is in the webhook trigger's Events, and its group expands to its events", () => {
		const eventsProperty = property(trigger.description.properties, 'events');
		expect(values(optionsOf(eventsProperty))).toEqual(
			expect.arrayContaining(['course.*', 'course.created', 'course.archived']),
		);
		expect(selectedEvents(['course.*'])).toEqual(['course.archived', 'course.created']);
		expect(selectedEvents(['*'])).toEqual(
			expect.arrayContaining(['course.created', 'payment.succeeded']),
		);
	});

	it('is a resource of the polling trigger, with its created/updated events and filters', () => {
		const { properties } = polling.description;
		expect(optionsOf(property(properties, 'resource'))).toContainEqual({
			name: 'Course',
			value: 'course',
		});
		expect(optionsOf(property(properties, 'events', 'course'))).toEqual([
			{ name: 'Course Created', value: 'created', description: 'A course was added' },
			{ name: 'Course Updated', value: 'updated', description: 'A course changed' },
		]);
		expect(
			property(properties, 'filters', 'course')?.options?.map((option) => option.name),
		).toEqual(['code']);
	});

	it("runs Get Many through n8n's engine against its path, with its filters, sort and Simplify", async () => {
		const courses = [1, 2, 3].map((n) => ({
			id: `crs_${n}`,
			code: `C-${n}`,
			name: `Course ${n}`,
			credits: 5,
		}));
		const api = fakeStudentsApi({ all: courses, resourcePath: '/courses' });
		const result = await runNode({
			nodeType: action,
			parameters: {
				resource: 'course',
				operation: 'getMany',
				returnAll: true,
				filters: { code: 'C-1, C-2, C-3' },
				sort: { rule: [{ field: 'code', direction: 'desc' }] },
				options: { pageSize: 2, simplify: true },
			},
			credentials: { educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN } },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual(
			courses.map(({ id, code, name }) => ({ id, code, name })),
		);
		expect(api.seen.map((request) => request.query)).toEqual([
			{ 'filter[code]': 'C-1,C-2,C-3', sort: '-code', page: '1', per_page: '2' },
			{ 'filter[code]': 'C-1,C-2,C-3', sort: '-code', page: '2', per_page: '2' },
		]);
		expect(nock.isDone()).toBe(true);
	});

	it('runs its own operation through the router', async () => {
		nock(ORIGIN)
			.post('/v1/courses/crs_1/archive')
			.reply(200, { data: { id: 'crs_1', status: 'archived' } });
		const result = await runNode({
			nodeType: action,
			parameters: { resource: 'course', operation: 'archive', courseId: 'crs_1' },
			credentials: { educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN } },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{ archived: true, id: 'crs_1', status: 'archived' },
		]);
	});
});
