// The school's fixed vocabulary that event payloads are drawn from: subjects and courses, terms,
// the things families pay for, and the reasons things go wrong.
import { dayOf, formatDay } from '../students/time';
import type { Random } from '../random';

interface Subject {
	name: string;
	code: string;
	/** Course names by stage: primary (K–5), middle (6–8), high (9–12). */
	courses: [string, string, string];
}

const SUBJECTS: readonly Subject[] = [
	{ name: 'Mathematics', code: 'MATH', courses: ['Number Sense', 'Pre-Algebra', 'Algebra I'] },
	{
		name: 'English',
		code: 'ENG',
		courses: ['Reading and Writing', 'English Language Arts', 'American Literature'],
	},
	{
		name: 'Science',
		code: 'SCI',
		courses: ['Discovering Science', 'Earth and Life Science', 'Biology'],
	},
	{ name: 'History', code: 'HIST', courses: ['Our Community', 'World Geography', 'U.S. History'] },
	{ name: 'Spanish', code: 'SPAN', courses: ['Spanish Explorers', 'Spanish I', 'Spanish II'] },
	{ name: 'Art', code: 'ART', courses: ['Art and Craft', 'Visual Arts', 'Studio Art'] },
	{ name: 'Music', code: 'MUS', courses: ['General Music', 'Choir', 'Concert Band'] },
	{
		name: 'Computer Science',
		code: 'CS',
		courses: ['Digital Skills', 'Intro to Coding', 'AP Computer Science Principles'],
	},
];

export interface Course {
	id: number;
	code: string;
	name: string;
	subject: string;
}

/** A course fit for the student's grade level; ids and codes are stable per subject and grade. */
export function pickCourse(rng: Random, gradeLevel: number): Course {
	const subjectIndex = rng.int(0, SUBJECTS.length - 1);
	const subject = SUBJECTS[subjectIndex];
	const stage = gradeLevel <= 5 ? 0 : gradeLevel <= 8 ? 1 : 2;
	const section = rng.pick(['A', 'B', 'C']);
	return {
		id: 100 + subjectIndex * 40 + gradeLevel * 3 + 'ABC'.indexOf(section),
		code: `${subject.code}-${gradeLevel === 0 ? 'K' : gradeLevel}${section}`,
		name: subject.courses[stage],
		subject: subject.name,
	};
}

export interface Term {
	id: number;
	name: string;
	starts_on: string;
	ends_on: string;
}

/** The term a date falls in: Spring (Jan–May), Summer (Jun–mid Aug), Fall (mid Aug–Dec). */
export function termAt(ms: number): Term {
	const date = new Date(ms);
	const year = date.getUTCFullYear();
	const month = date.getUTCMonth() + 1;
	const day = date.getUTCDate();
	const [season, index, starts, ends] =
		month <= 5
			? (['Spring', 0, '01-12', '05-29'] as const)
			: month < 8 || (month === 8 && day < 15)
				? (['Summer', 1, '06-15', '08-07'] as const)
				: (['Fall', 2, '09-01', '12-18'] as const);
	return {
		id: (year - 2000) * 3 + index,
		name: `${season} ${year}`,
		starts_on: `${year}-${starts}`,
		ends_on: `${year}-${ends}`,
	};
}

export interface Charge {
	description: string;
	amount: number;
}

/** Something a family pays for this term, in minor units. */
export function pickCharge(rng: Random, term: Term, ms: number): Charge {
	const month = new Date(ms).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
	const year = new Date(ms).getUTCFullYear();
	const instalment = rng.int(1, 3);
	const charges: Charge[] = [
		{ description: `Tuition, ${term.name} (instalment ${instalment} of 3)`, amount: 125_000 },
		{ description: `Lunch program, ${month} ${year}`, amount: rng.pick([6_450, 7_200, 8_100]) },
		{
			description: `Field trip: ${rng.pick(['Science Museum', 'City Zoo', 'State Capitol', 'Art Gallery'])}`,
			amount: rng.pick([1_500, 2_500, 3_500]),
		},
		{
			description: `After-school ${rng.pick(['robotics', 'drama', 'soccer', 'chess'])} club, ${term.name}`,
			amount: rng.pick([9_000, 12_000, 15_000]),
		},
		{ description: `Music lessons, ${term.name}`, amount: 24_000 },
		{ description: 'School uniform', amount: rng.pick([4_995, 7_450, 8_990]) },
		{ description: `Exam registration fee, ${term.name}`, amount: 3_500 },
	];
	return rng.pick(charges);
}

export const PAYMENT_METHODS = [
	'card',
	'card',
	'card',
	'bank_transfer',
	'direct_debit',
	'cash',
] as const;

export const PAYMENT_FAILURES: ReadonlyArray<{ code: string; message: string }> = [
	{ code: 'card_declined', message: 'The card was declined by the issuing bank.' },
	{
		code: 'insufficient_funds',
		message: 'The account has insufficient funds to cover this payment.',
	},
	{ code: 'expired_card', message: 'The card has expired.' },
	{
		code: 'processing_error',
		message: 'An error occurred while processing the payment. Please try again.',
	},
];

export const REFUND_REASONS = [
	'Student withdrew before the term started',
	'Duplicate payment',
	'Field trip cancelled',
	'Overpayment',
	'Requested by guardian',
] as const;

export const CANCELLATION_REASONS = [
	'Schedule conflict',
	'Moved to another section',
	'Withdrew from the school',
	'Requested by guardian',
	'Course cancelled by the school',
] as const;

export const EXAM_KINDS = ['Unit Test 1', 'Unit Test 2', 'Midterm', 'Final Exam', 'Quiz'] as const;

/** US letter grade for a percentage; F is exactly "below the 50 % pass mark". */
export function letterGrade(percentage: number): string {
	if (percentage >= 85) return 'A';
	if (percentage >= 70) return 'B';
	if (percentage >= 60) return 'C';
	if (percentage >= 50) return 'D';
	return 'F';
}

/** `YYYY-MM-DD` of the day `days` before `ms`. */
export function dateBefore(ms: number, days: number): string {
	return formatDay(dayOf(ms) - days);
}
