// The Student picker ("From list") as n8n's editor calls it: the node's listSearch method in
// n8n-core's LoadOptionsContext, against a live sandbox. What it offers is the sandbox's own
// `filter[search]` result, by last and first name, 50 at a time.
import { LoadOptionsContext } from 'n8n-core';

import { EducationPlatform } from '../../nodes/EducationPlatform/EducationPlatform.node';
import { parseStudentQuery } from '../../sandbox/students/query';
import { createNodeWorkflow } from '../harness';
import { accessTokenCredentials, liveSandboxForFile } from './support/liveSandbox';

// Real HTTP on a shared 2-core machine: a listing can take longer than jest's default 5 s.
jest.setTimeout(60_000);

const sandbox = liveSandboxForFile({ students: 2_000 });

/** What the editor does when the picker opens or the user types: one page of the search. */
async function search(filter?: string, paginationToken?: string) {
	const nodeType = new EducationPlatform();
	const { workflow, node, additionalData } = createNodeWorkflow({
		nodeType,
		parameters: { authentication: 'accessToken', resource: 'payment', operation: 'getMany' },
		credentials: accessTokenCredentials(sandbox()),
	});
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalData,
		'parameters.filters.studentId',
	);
	return await nodeType.methods.listSearch.searchStudents.call(context, filter, paginationToken);
}

const offered = (
	students: Array<{
		id: number;
		first_name: string;
		preferred_name: string | null;
		last_name: string;
		student_number: string;
	}>,
) =>
	students.map((s) => ({
		name: `${s.preferred_name || s.first_name} ${s.last_name} (${s.student_number})`,
		value: String(s.id),
	}));

describe('Student picker', () => {
	it("searches by part of a name, number or email, as the platform's filter[search] does", async () => {
		const expected = sandbox()
			.state.students.query(
				parseStudentQuery({ 'filter[search]': 'okaf', sort: 'last_name,first_name' }),
			)
			.all();
		expect(expected.length).toBeGreaterThan(0);
		const { results } = await search('  OKAF ');
		expect(results).toEqual(offered(expected).slice(0, 50));
	});

	it('pages through everyone 50 at a time when nothing is typed', async () => {
		const everyone = offered(
			sandbox()
				.state.students.query(parseStudentQuery({ sort: 'last_name,first_name' }))
				.all(),
		);
		const first = await search();
		expect(first.results).toEqual(everyone.slice(0, 50));
		expect(first.paginationToken).toBe('2');
		const second = await search('', first.paginationToken);
		expect(second.results).toEqual(everyone.slice(50, 100));
	});

	it('ends the list on the last page', async () => {
		const number = String(sandbox().state.students.get(1234)!.student_number);
		const { results, paginationToken } = await search(number);
		expect(results.map((result) => result.value)).toEqual(['1234']);
		expect(paginationToken).toBeUndefined();
	});
});
