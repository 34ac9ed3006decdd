import type { ListedResource } from '../descriptor';
import {
	booleanFilter,
	dateRangeFilters,
	enumFilter,
	idsFilter,
	listParameters,
	textListFilter,
	updatedSinceFilter,
} from '../../descriptions/filters';
import { searchablePicker } from '../listPicker';
import { prefixedRecordId } from '../recordId';
import { studentFilter } from '../student/picker';
import { examResultName, simplifyExamResult } from './simplify';
import { READ_SCOPES } from '../../scopes';

const LETTER_GRADES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
const EXAM_RESULT_SORT_FIELDS = [
	'id',
	'student_id',
	'score',
	'percentage',
	'grade',
	'published_at',
	'updated_at',
] as const;

const list = listParameters(
	[
		studentFilter('exam results'),
		idsFilter('examId', 'exam_id', 'Exam IDs', 'Results of any of these exams.'),
		textListFilter(
			'subject',
			'subject',
			'Subject',
			'e.g. Mathematics',
			'Exact subject name (not case-sensitive).',
		),
		booleanFilter(
			'passed',
			'passed',
			'Passed',
			'Whether to return only passed results, or only failed ones',
		),
		enumFilter(
			'grade',
			'grade',
			'Grade',
			LETTER_GRADES,
			'a letter grade',
			'Results with any of these letter grades',
		),
		...dateRangeFilters('published', 'Published', 'results published'),
		updatedSinceFilter('exam results'),
	],
	EXAM_RESULT_SORT_FIELDS,
);

const PATH = '/exam-results';
const ID = prefixedRecordId('examResult', 'Exam Result', 'exr', 'exr_5Tg7Uh2K', 'Student or Exam');

export const resource: ListedResource = {
	value: 'examResult',
	displayName: 'Exam Result',
	plural: 'exam results',
	path: PATH,
	scope: READ_SCOPES.examResult,
	summary:
		'ID, the exam (name, subject, date), the student, score, maximum, percentage, pass mark, letter grade, whether passed and when published',
	id: ID,
	...list,
	defaultSortField: 'published_at',
	// docs/api-contract.md §2 and §8.3.
	recordFields: [
		'id',
		'exam',
		'student_id',
		'student',
		'score',
		'max_score',
		'percentage',
		'pass_mark',
		'grade',
		'passed',
		'published_at',
		'created_at',
		'updated_at',
	],
	simplify: simplifyExamResult,
	simplifyDescription:
		'ID, student ID, name and number, exam ID, name and subject, date taken, score, maximum, percentage, grade, passed and published date',
	simplifiedFields: {
		keys: [
			'id',
			'student_name',
			'student_id',
			'exam_name',
			'subject',
			'score',
			'percentage',
			'grade',
			'passed',
			'published_at',
		],
		description:
			'ID, student name and ID, exam, subject, score, percentage, grade, passed and published date',
	},
	webhook: {
		groupName: 'All Exam Result Events',
		makeOneHappen: 'publish an exam result',
		events: {
			'exam_result.published': "A student's exam result was published",
			'exam_result.updated':
				'A published exam result changed (previous values in data.previous_attributes)',
		},
	},
	poll: {
		created: { event: 'exam_result.published', description: 'An exam result was published' },
		updated: {
			event: 'exam_result.updated',
			description: 'A published exam result changed, e.g. re-marked',
		},
	},
	picker: searchablePicker({
		parameter: ID.parameter,
		displayName: 'Exam Result',
		prefix: 'exr',
		example: 'exr_5Tg7Uh2K',
		method: 'searchExamResults',
		placeholder: 'Search by student name or exam…',
		list: (search) => ({ path: PATH, sort: '-updated_at', search, name: examResultName }),
	}),
};
