// What Get and Get Many output in the action node's version 2, through n8n's real engine against a
// nock-faked API: Simplify on by default (its own boolean, at most 10 fields), and in the AI-agent
// tool variant (n8n's `<name>Tool`, `'@tool'`) the Output parameter. Version 1 is unchanged.
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';
import { RESOURCES } from '../../../../../nodes/shared/resources/registry';
import { simplifiedRecord } from '../../../../../nodes/shared/resources/simplify';
import { resource as studentResource } from '../../../../../nodes/shared/resources/student';
import { simplifyStudent } from '../../../../../nodes/shared/resources/student/simplify';
import { runNode } from '../../../../harness';
import { useNock } from '../../../../harness/nock';
import {
	fakeStudentsApi,
	jsonOf,
	ORIGIN,
	runEducationPlatform,
	student,
	studentRange,
	TOKEN,
} from '../../fixtures';
import { EducationPlatformTool } from '../../toolVariant';

useNock();

/** Version 2's simplified student: at most 10 fields. */
const simplified = simplifiedRecord(studentResource);

const v2 = (parameters: INodeParameters) => runEducationPlatform(parameters, { typeVersion: 2 });
const tool = (parameters: INodeParameters) =>
	runNode({
		nodeType: new EducationPlatformTool(),
		typeVersion: 2,
		parameters: { resource: 'student', ...parameters },
		credentials: { educationPlatformApi: { baseUrl: ORIGIN, accessToken: TOKEN } },
	});

/** A fake `GET /v1/students/7`. */
function fakeStudent7() {
	nock(ORIGIN)
		.get('/v1/students/7')
		.reply(200, { data: student(7) });
}

describe('Version 2 → Simplify', () => {
	it('Get and Get Many simplify by default, as a new node is added', async () => {
		fakeStudent7();
		fakeStudentsApi({ all: studentRange(1, 2) });
		expect(jsonOf((await v2({ operation: 'get', studentId: '7' })).items)).toEqual([
			simplified(student(7)),
		]);
		expect(jsonOf((await v2({ operation: 'getMany' })).items)).toEqual(
			studentRange(1, 2).map(simplified),
		);
	});

	it('return the raw records with Simplify off', async () => {
		fakeStudent7();
		fakeStudentsApi({ all: studentRange(1, 2) });
		expect(jsonOf((await v2({ operation: 'get', studentId: '7', simplify: false })).items)).toEqual(
			[student(7)],
		);
		expect(jsonOf((await v2({ operation: 'getMany', simplify: false })).items)).toEqual(
			studentRange(1, 2),
		);
	});

	it('version 1 keeps Simplify inside Options, off by default', async () => {
		fakeStudentsApi({ all: studentRange(1, 2) });
		expect(jsonOf((await runEducationPlatform({ operation: 'getMany' })).items)).toEqual(
			studentRange(1, 2),
		);
		expect(
			jsonOf(
				(await runEducationPlatform({ operation: 'getMany', options: { simplify: true } })).items,
			),
		).toEqual(studentRange(1, 2).map(simplifyStudent));
	});
});

describe("Version 2's simplified record", () => {
	it.each(RESOURCES.map((resource) => [resource.displayName, resource] as const))(
		"%s: at most 10 fields, each one of version 1's simplified record, the ID first",
		(_name, resource) => {
			const v1Keys = Object.keys(resource.simplify({}) as object);
			const v2Keys = Object.keys(simplifiedRecord(resource)({}) as object);
			expect(v2Keys.length).toBeLessThanOrEqual(10);
			expect(v2Keys[0]).toBe('id');
			expect(v1Keys).toEqual(expect.arrayContaining(v2Keys));
		},
	);

	it('keeps a student to the 10 fields people use most, where version 1 keeps 13', () => {
		expect(Object.keys(simplifyStudent(student(7)) as object)).toHaveLength(13);
		expect(simplified(student(7))).toEqual({
			id: 7,
			name: 'First7 Last7',
			student_number: 'S-2024-000007',
			email: 'student7@students.school.test',
			status: 'active',
			grade_level: 9,
			enrolled_at: '2024-09-02',
			group_ids: [12],
			primary_guardian_name: 'Guardian7',
			primary_guardian_email: 'g7@example.net',
		});
	});
});

describe('Version 2 as an AI agent tool → Output', () => {
	it('Simplified by default', async () => {
		fakeStudent7();
		expect(jsonOf((await tool({ operation: 'get', studentId: '7' })).items)).toEqual([
			simplified(student(7)),
		]);
	});

	it('Raw: the whole record', async () => {
		fakeStudentsApi({ all: studentRange(1, 2) });
		expect(jsonOf((await tool({ operation: 'getMany', output: 'raw' })).items)).toEqual(
			studentRange(1, 2),
		);
	});

	it('Selected Fields: those fields and always the ID, also when not picked', async () => {
		fakeStudent7();
		fakeStudentsApi({ all: studentRange(1, 2) });
		const picked = { output: 'selected', fields: ['email', 'last_name'] };
		expect(jsonOf((await tool({ operation: 'get', studentId: '7', ...picked })).items)).toEqual([
			{ id: 7, email: 'student7@students.school.test', last_name: 'Last7' },
		]);
		expect(
			jsonOf((await tool({ operation: 'getMany', ...picked })).items).map(Object.keys),
		).toEqual([
			['id', 'email', 'last_name'],
			['id', 'email', 'last_name'],
		]);
	});

	it('ignores Simplify, which the tool variant does not show', async () => {
		fakeStudent7();
		expect(
			jsonOf((await tool({ operation: 'get', studentId: '7', simplify: false })).items),
		).toEqual([simplified(student(7))]);
	});
});
