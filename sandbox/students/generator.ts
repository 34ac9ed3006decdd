/**
 * Procedural, deterministic student data: everything about student `id` derives from
 * `(seed, id)`, so nothing has to be stored up front.
 *
 * - `StudentGenerator.fillCore(columns, index, id)` — writes the filterable/sortable fields of a
 *   generated student into the columns (cheap: ~25 random draws, no strings built).
 * - `StudentGenerator.details(id, core)` — the fields only needed when a student is returned
 *   (phone, address, guardians), from a second random stream so they never disturb the core.
 * - `studentEmail(firstSlug, lastSlug, id)` — `amara.okafor1042@students.springfield.example`.
 */
import { createRng, int, mix, pick, type Rng } from '../random';
import type { Student } from '../schemas/student';
import { GENDERS, RELATIONSHIPS, STUDENT_STATUSES } from '../schemas/student';
import { GROUP_SLOTS, NONE_DAY, type NameDictionary, type StudentColumns } from './columns';
import {
	CITIES,
	FEMALE_FIRST_NAMES,
	LAST_NAMES,
	MALE_FIRST_NAMES,
	NEUTRAL_FIRST_NAMES,
	NICKNAMES,
	STREET_NAMES,
	STREET_SUFFIXES,
} from './names';
import { DAY_MS, REFERENCE_DAY, REFERENCE_SCHOOL_YEAR, utcDay } from './time';

export const STUDENT_EMAIL_DOMAIN = 'students.springfield.example';
const GUARDIAN_EMAIL_DOMAINS = ['example.net', 'example.com', 'example.org'];

export function emailSlug(name: string): string {
	return name
		.normalize('NFKD')
		.toLowerCase()
		.replace(/[^a-z0-9]/g, '');
}

/** Takes slugs (see `emailSlug`) so callers can memoise them. */
export function studentEmail(firstSlug: string, lastSlug: string, id: number): string {
	return `${firstSlug}.${lastSlug}${id}@${STUDENT_EMAIL_DOMAIN}`;
}

export function studentNumber(intakeYear: number, id: number): string {
	return `S-${intakeYear}-${String(id).padStart(6, '0')}`;
}

function fictionalPhone(rng: Rng): string {
	return `+1-555-01${String(int(rng, 0, 99)).padStart(2, '0')}`;
}

/** Cumulative probabilities → index. */
function weighted(rng: Rng, cumulative: readonly number[]): number {
	const r = rng();
	for (let i = 0; i < cumulative.length - 1; i++) if (r < cumulative[i]) return i;
	return cumulative.length - 1;
}

const { floor, min, max, sqrt } = Math;

const GENDER_WEIGHTS = [0.48, 0.96, 0.98, 1];
const STATUS_WEIGHTS = [0.78, 0.82, 0.91, 0.97, 1];
const STATUS_CODE = Object.fromEntries(STUDENT_STATUSES.map((s, i) => [s, i])) as Record<
	(typeof STUDENT_STATUSES)[number],
	number
>;

export class StudentGenerator {
	private readonly female: number[];
	private readonly male: number[];
	private readonly neutral: number[];
	private readonly last: number[];
	private readonly nickname = new Map<number, number>();

	constructor(
		private readonly seed: number,
		names: NameDictionary,
	) {
		this.female = FEMALE_FIRST_NAMES.map((n) => names.intern(n));
		this.male = MALE_FIRST_NAMES.map((n) => names.intern(n));
		this.neutral = NEUTRAL_FIRST_NAMES.map((n) => names.intern(n));
		this.last = LAST_NAMES.map((n) => names.intern(n));
		for (const [name, nick] of Object.entries(NICKNAMES))
			this.nickname.set(names.intern(name), names.intern(nick));
	}

	fillCore(c: StudentColumns, i: number, id: number): void {
		const rng = createRng(mix(this.seed, id, 1));
		const gender = weighted(rng, GENDER_WEIGHTS);
		const firstTable =
			gender === 0
				? this.female
				: gender === 1
					? this.male
					: rng() < 0.5
						? this.neutral
						: rng() < 0.5
							? this.female
							: this.male;
		const first = pick(rng, firstTable);
		const nick = this.nickname.get(first);
		const preferred =
			nick !== undefined && rng() < 0.3 ? nick : rng() < 0.02 ? pick(rng, this.neutral) : 0;
		const status = weighted(rng, STATUS_WEIGHTS);
		const graduated = status === STATUS_CODE.graduated;
		const grade = graduated ? 12 : int(rng, 0, 12);
		// The school year (starting in September) in which the student was in `grade`.
		const gradYear = graduated ? int(rng, 2019, REFERENCE_SCHOOL_YEAR) : 0;
		const baseYear = graduated ? gradYear - 1 : REFERENCE_SCHOOL_YEAR;
		const dateOfBirth = utcDay(baseYear - 6 - grade, 9, 1) + int(rng, 0, 364);
		const intakeGrade = rng() < 0.55 ? 0 : int(rng, 0, grade);
		const intakeYear = baseYear - (grade - intakeGrade);
		const septemberFirst = utcDay(intakeYear, 9, 1);
		const enrolled = min(
			REFERENCE_DAY - 1,
			rng() < 0.85 ? septemberFirst + int(rng, 0, 4) : septemberFirst + int(rng, 5, 280),
		);
		let left = NONE_DAY;
		if (graduated) left = utcDay(gradYear, 6, 10) + int(rng, 0, 10);
		else if (status === STATUS_CODE.withdrawn)
			left = min(REFERENCE_DAY - 1, enrolled + int(rng, 20, max(20, REFERENCE_DAY - enrolled - 1)));
		const created = (enrolled - int(rng, 14, 150)) * DAY_MS + int(rng, 8 * 3600, 17 * 3600) * 1000;
		const referenceMs = REFERENCE_DAY * DAY_MS;
		const updated = created + floor(((referenceMs - created) * sqrt(rng())) / 1000) * 1000;

		c.gender[i] = gender;
		c.firstName[i] = first;
		c.lastName[i] = pick(rng, this.last);
		c.preferredName[i] = preferred;
		c.status[i] = status;
		c.grade[i] = grade;
		c.dateOfBirth[i] = dateOfBirth;
		c.intakeYear[i] = intakeYear;
		c.enrolledAt[i] = enrolled;
		c.leftAt[i] = left;
		c.createdAt[i] = created;
		c.updatedAt[i] = updated;
		c.noEmail[i] = grade <= 2 && rng() < 0.25 ? 1 : 0;
		this.fillGroups(c, i, rng, status === STATUS_CODE.withdrawn || graduated, grade);
	}

	private fillGroups(c: StudentColumns, i: number, rng: Rng, former: boolean, grade: number): void {
		// Activity clubs are 1–30, homerooms 101–224 (100 + grade × 10 + class), so clubs sort first.
		const clubs = former ? 0 : int(rng, 0, 2);
		let low = clubs > 0 ? int(rng, 1, 30) : 0;
		let high = clubs > 1 ? int(rng, 1, 30) : 0;
		if (high < low) [low, high] = [high, low];
		if (low === high) low = 0;
		const homeroom = !former || rng() < 0.4 ? 100 + grade * 10 + int(rng, 1, 4) : 0;
		const slots = [low, high, homeroom].filter((group) => group !== 0);
		for (let slot = 0; slot < GROUP_SLOTS; slot++)
			c.groups[i * GROUP_SLOTS + slot] = slots[slot] ?? 0;
	}

	details(id: number, lastName: string): Pick<Student, 'phone' | 'address' | 'guardians'> {
		const rng = createRng(mix(this.seed, id, 2));
		const phone = rng() < 0.45 ? fictionalPhone(rng) : null;
		const [city, postalCode] = pick(rng, CITIES);
		const address =
			rng() < 0.96
				? {
						line1: `${int(rng, 1, 9999)} ${pick(rng, STREET_NAMES)} ${pick(rng, STREET_SUFFIXES)}`,
						line2: rng() < 0.12 ? `Apt ${int(rng, 1, 30)}${pick(rng, ['A', 'B', 'C', 'D'])}` : null,
						city,
						postal_code: postalCode,
						country: 'US',
					}
				: null;
		const count = weighted(rng, [0.4, 0.95, 1]) + 1;
		const guardians: Student['guardians'] = [];
		for (let k = 0; k < count; k++) {
			const relationship =
				k === 0
					? pick(rng, ['mother', 'mother', 'father', 'guardian'] as const)
					: pick(rng, RELATIONSHIPS);
			const female = relationship === 'mother' || (relationship !== 'father' && rng() < 0.5);
			const first = pick(rng, female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
			const last = rng() < 0.85 ? lastName : pick(rng, LAST_NAMES);
			guardians.push({
				id: 1000 + id * 3 + k,
				name: `${first} ${last}`,
				relationship,
				email:
					rng() < 0.85
						? `${emailSlug(first)}.${emailSlug(last)}@${pick(rng, GUARDIAN_EMAIL_DOMAINS)}`
						: null,
				phone: rng() < 0.9 ? fictionalPhone(rng) : null,
				is_primary: k === 0,
			});
		}
		return { phone, address, guardians };
	}
}

export const GENDER_CODES = GENDERS;
export { STATUS_CODE };
