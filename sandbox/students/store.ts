/**
 * The sandbox's students: procedurally generated from the seed, stored as compact columns, with
 * full objects materialised only for the students a response returns. Students created or
 * changed through the sandbox are kept as full objects and mirrored into the columns, so later
 * list calls see them.
 *
 * Public API (ids are 1..count):
 * - `count` — number of students; `has(id)`; `get(id)` → `Student | undefined` (a copy);
 * - `summary(id)` → `{id, student_number, first_name, last_name, email, grade_level}` (event payloads);
 * - `query({ filter?, sort? })` → `StudentQueryResult` `{ total, ids(), slice(from, to), all() }`
 *   — every matching student in order, exactly what the API pages through;
 * - `create(changes?)` → a new realistic student (id `count + 1`, created now) with `changes` applied;
 * - `update(id, changes)` → the changed student (bumps `updated_at`), or undefined for an unknown id.
 * Both validate the result against the contract and throw a 422 ApiError on a taken email or
 * student number.
 *
 * Performance: a filter is one pass over typed arrays; a sort builds a permutation of all students
 * once per sort spec (cached until the next change); results are cached per (filter, sort), so
 * paging through a big list costs one scan.
 */
import type { Clock } from '../clock';
import { validationError } from '../http/errors';
import {
	GENDERS,
	STUDENT_STATUSES,
	StudentSchema,
	type Student,
	type StudentChanges,
} from '../schemas/student';
import { GROUP_SLOTS, NONE_DAY, NameDictionary, StudentColumns } from './columns';
import { stringRanks } from './compare';
import {
	STUDENT_EMAIL_DOMAIN,
	StudentGenerator,
	emailSlug,
	studentEmail,
	studentNumber,
} from './generator';
import type { SortField, SortKey, StudentFilter, StudentQuery } from './query';
import { DAY_MS, dayFromDate, dayOf, formatDay, formatTimestamp } from './time';

export type StudentSummary = Pick<
	Student,
	'id' | 'student_number' | 'first_name' | 'last_name' | 'email' | 'grade_level'
>;

export interface StudentQueryResult {
	total: number;
	/** Matching ids in order. */
	ids(): number[];
	/** Materialised students at 0-based positions [from, to). */
	slice(from: number, to: number): Student[];
	/** All matching students (mind the size). */
	all(): Student[];
}

export interface StudentStoreOptions {
	seed: number;
	count: number;
	clock: Clock;
}

const STATUS_CODES: Record<string, number> = Object.fromEntries(
	STUDENT_STATUSES.map((s, i) => [s, i]),
);
/** Status codes ranked alphabetically (the contract sorts status as a string). */
const STATUS_RANK = Uint8Array.from(
	STUDENT_STATUSES.map((s) => [...STUDENT_STATUSES].sort().indexOf(s)),
);
const GENERATED_EMAIL_ID = new RegExp(`(\\d+)@${STUDENT_EMAIL_DOMAIN.replace(/\./g, '\\.')}$`);
const STUDENT_NUMBER_ID = /^S-\d{4}-(\d+)$/;
const CACHE_SIZE = 16;

/** Sort fields whose column values already are their order. */
const NUMERIC_COLUMNS: Partial<
	Record<SortField, (c: StudentColumns) => Uint8Array | Int32Array | Float64Array>
> = {
	grade_level: (c) => c.grade,
	date_of_birth: (c) => c.dateOfBirth,
	enrolled_at: (c) => c.enrolledAt,
	created_at: (c) => c.createdAt,
	updated_at: (c) => c.updatedAt,
};

type Predicate = (i: number) => boolean;
type Ranks = ArrayLike<number>;

function rememberLru<V>(cache: Map<string, V>, key: string, value: V): V {
	cache.delete(key);
	cache.set(key, value);
	if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
	return value;
}

export class StudentStore {
	private readonly columns: StudentColumns;
	private readonly names = new NameDictionary();
	private readonly generator: StudentGenerator;
	/** Students created or changed through the sandbox, by index. */
	private readonly changed = new Map<number, Student>();
	private readonly slugs: string[] = [];
	/** Bumped on every change; caches built for an older version are stale. */
	private version = 0;
	private readonly rankCache = new Map<SortField, { version: number; ranks: Ranks }>();
	private readonly permutationCache = new Map<string, { version: number; order: Uint32Array }>();
	private readonly resultCache = new Map<string, { version: number; indexes: Uint32Array }>();

	constructor(private readonly options: StudentStoreOptions) {
		this.columns = new StudentColumns(options.count);
		this.generator = new StudentGenerator(options.seed, this.names);
		for (let i = 0; i < options.count; i++)
			this.generator.fillCore(this.columns, this.columns.append(), i + 1);
	}

	get count(): number {
		return this.columns.length;
	}

	has(id: number): boolean {
		return Number.isInteger(id) && id >= 1 && id <= this.count;
	}

	get(id: number): Student | undefined {
		return this.has(id) ? this.materialise(id - 1) : undefined;
	}

	/** The grade level alone, without materialising the student (related records are made from it). */
	gradeLevel(id: number): number | undefined {
		return this.has(id) ? this.columns.grade[id - 1] : undefined;
	}

	summary(id: number): StudentSummary | undefined {
		const student = this.get(id);
		if (!student) return undefined;
		const { student_number, first_name, last_name, email, grade_level } = student;
		return { id, student_number, first_name, last_name, email, grade_level };
	}

	query({ filter = {}, sort = [] }: StudentQuery = {}): StudentQueryResult {
		const keys = normaliseSort(sort);
		const cacheKey = JSON.stringify([filter, keys]);
		let cached = this.resultCache.get(cacheKey);
		if (!cached || cached.version !== this.version) {
			cached = rememberLru(this.resultCache, cacheKey, {
				version: this.version,
				indexes: this.execute(filter, keys),
			});
		}
		const indexes = cached.indexes;
		const slice = (from: number, to: number) =>
			Array.from(indexes.subarray(from, to), (i) => this.materialise(i));
		return {
			total: indexes.length,
			ids: () => Array.from(indexes, (i) => i + 1),
			slice,
			all: () => slice(0, indexes.length),
		};
	}

	create(changes: StudentChanges = {}): Student {
		const c = this.columns;
		const i = c.append();
		try {
			const id = i + 1;
			this.generator.fillCore(c, i, id);
			const now = this.options.clock.now();
			const base: Student = {
				...this.materialise(i),
				student_number: studentNumber(new Date(now).getUTCFullYear(), id),
				status: 'active',
				enrolled_at: formatDay(dayOf(now)),
				left_at: null,
				created_at: formatTimestamp(now),
				updated_at: formatTimestamp(now),
			};
			return this.save(i, withConsistentLeftAt({ ...base, ...changes }, changes, now));
		} catch (error) {
			c.length--;
			throw error;
		}
	}

	update(id: number, changes: StudentChanges): Student | undefined {
		if (!this.has(id)) return undefined;
		const now = this.options.clock.now();
		const next = { ...this.materialise(id - 1), ...changes, updated_at: formatTimestamp(now) };
		return this.save(id - 1, withConsistentLeftAt(next, changes, now));
	}

	private save(i: number, student: Student): Student {
		StudentSchema.parse(student);
		const emailOwner = student.email === null ? undefined : this.indexOfEmail(student.email);
		if (emailOwner !== undefined && emailOwner !== i) {
			throw validationError({ email: ['The email has already been taken.'] });
		}
		const numberOwner = this.indexOfStudentNumber(student.student_number);
		if (numberOwner !== undefined && numberOwner !== i) {
			throw validationError({ student_number: ['The student number has already been taken.'] });
		}
		const c = this.columns;
		this.changed.set(i, structuredClone(student));
		c.gender[i] = GENDERS.indexOf(student.gender);
		c.status[i] = STATUS_CODES[student.status];
		c.grade[i] = student.grade_level;
		c.firstName[i] = this.names.intern(student.first_name);
		c.lastName[i] = this.names.intern(student.last_name);
		c.preferredName[i] = this.names.intern(student.preferred_name);
		c.dateOfBirth[i] = dayFromDate(student.date_of_birth);
		c.enrolledAt[i] = dayFromDate(student.enrolled_at);
		c.leftAt[i] = student.left_at === null ? NONE_DAY : dayFromDate(student.left_at);
		c.createdAt[i] = Date.parse(student.created_at);
		c.updatedAt[i] = Date.parse(student.updated_at);
		this.version++;
		return structuredClone(student);
	}

	// --- reading one student -------------------------------------------------------------------

	private materialise(i: number): Student {
		const changed = this.changed.get(i);
		if (changed) return structuredClone(changed);
		const c = this.columns;
		const id = i + 1;
		const lastName = this.names.get(c.lastName[i])!;
		const { phone, address, guardians } = this.generator.details(id, lastName);
		const groupIds: number[] = [];
		for (let slot = 0; slot < GROUP_SLOTS; slot++) {
			const group = c.groups[i * GROUP_SLOTS + slot];
			if (group !== 0) groupIds.push(group);
		}
		return {
			id,
			student_number: this.studentNumberOf(i),
			first_name: this.names.get(c.firstName[i])!,
			last_name: lastName,
			preferred_name: this.names.get(c.preferredName[i]),
			email: this.emailOf(i),
			phone,
			date_of_birth: formatDay(c.dateOfBirth[i]),
			gender: GENDERS[c.gender[i]],
			status: STUDENT_STATUSES[c.status[i]],
			grade_level: c.grade[i],
			group_ids: groupIds,
			enrolled_at: formatDay(c.enrolledAt[i]),
			left_at: c.leftAt[i] === NONE_DAY ? null : formatDay(c.leftAt[i]),
			address,
			guardians,
			created_at: formatTimestamp(c.createdAt[i]),
			updated_at: formatTimestamp(c.updatedAt[i]),
		};
	}

	private emailOf(i: number): string | null {
		const changed = this.changed.get(i);
		if (changed) return changed.email;
		const c = this.columns;
		return c.noEmail[i]
			? null
			: studentEmail(this.slug(c.firstName[i]), this.slug(c.lastName[i]), i + 1);
	}

	/** emailSlug of a dictionary name, memoised: building emails is the hot path of search and sort. */
	private slug(k: number): string {
		return (this.slugs[k] ??= emailSlug(this.names.names[k]));
	}

	private studentNumberOf(i: number): string {
		return this.changed.get(i)?.student_number ?? studentNumber(this.columns.intakeYear[i], i + 1);
	}

	private groupsOf(i: number): ArrayLike<number> {
		return (
			this.changed.get(i)?.group_ids ??
			this.columns.groups.subarray(i * GROUP_SLOTS, (i + 1) * GROUP_SLOTS)
		);
	}

	/** Generated emails and student numbers embed the id, so lookups only check one candidate plus the changed students. */
	private indexOfUnique(
		value: string,
		idPattern: RegExp,
		valueOf: (i: number) => string | null,
		normalise: (v: string) => string,
	): number | undefined {
		const wanted = normalise(value);
		for (const i of this.changed.keys()) {
			const own = valueOf(i);
			if (own !== null && normalise(own) === wanted) return i;
		}
		const match = idPattern.exec(value);
		const candidate = match ? Number(match[1]) - 1 : -1;
		if (candidate >= 0 && candidate < this.count && !this.changed.has(candidate)) {
			const own = valueOf(candidate);
			if (own !== null && normalise(own) === wanted) return candidate;
		}
		return undefined;
	}

	private indexOfEmail(email: string): number | undefined {
		return this.indexOfUnique(
			email,
			GENERATED_EMAIL_ID,
			(i) => this.emailOf(i),
			(v) => v.toLowerCase(),
		);
	}

	private indexOfStudentNumber(number: string): number | undefined {
		return this.indexOfUnique(
			number,
			STUDENT_NUMBER_ID,
			(i) => this.studentNumberOf(i),
			(v) => v,
		);
	}

	// --- filtering ------------------------------------------------------------------------------

	private predicates(filter: StudentFilter): Predicate[] {
		const c = this.columns;
		const list: Predicate[] = [];
		if (filter.status?.length) {
			const allowed = new Uint8Array(STUDENT_STATUSES.length);
			for (const status of filter.status) allowed[STATUS_CODES[status]] = 1;
			list.push((i) => allowed[c.status[i]] === 1);
		}
		if (filter.grade_level?.length) {
			const allowed = new Uint8Array(13);
			for (const grade of filter.grade_level) allowed[grade] = 1;
			list.push((i) => allowed[c.grade[i]] === 1);
		}
		if (filter.group_id?.length) {
			const wanted = new Set(filter.group_id);
			list.push((i) => {
				const groups = this.groupsOf(i);
				for (let k = 0; k < groups.length; k++) if (wanted.has(groups[k])) return true;
				return false;
			});
		}
		if (filter.email?.length) {
			const owners = new Set(
				filter.email.map((email) => this.indexOfEmail(email)).filter((i) => i !== undefined),
			);
			list.push((i) => owners.has(i));
		}
		if (filter.student_number?.length) {
			const owners = new Set(
				filter.student_number
					.map((n) => this.indexOfStudentNumber(n))
					.filter((i) => i !== undefined),
			);
			list.push((i) => owners.has(i));
		}
		if (filter.search) list.push(this.searchPredicate(filter.search.toLowerCase()));
		const { created_after, created_before, updated_since, enrolled_after, enrolled_before } =
			filter;
		if (created_after !== undefined) list.push((i) => c.createdAt[i] > created_after);
		if (created_before !== undefined) list.push((i) => c.createdAt[i] < created_before);
		if (updated_since !== undefined) list.push((i) => c.updatedAt[i] >= updated_since);
		if (enrolled_after !== undefined) list.push((i) => c.enrolledAt[i] * DAY_MS > enrolled_after);
		if (enrolled_before !== undefined) list.push((i) => c.enrolledAt[i] * DAY_MS < enrolled_before);
		return list;
	}

	private searchPredicate(term: string): Predicate {
		const c = this.columns;
		const nameMatches = Uint8Array.from(this.names.names, (name, k) =>
			k !== 0 && name.toLowerCase().includes(term) ? 1 : 0,
		);
		return (i) =>
			nameMatches[c.firstName[i]] === 1 ||
			nameMatches[c.lastName[i]] === 1 ||
			nameMatches[c.preferredName[i]] === 1 ||
			(this.emailOf(i)?.toLowerCase().includes(term) ?? false) ||
			this.studentNumberOf(i).toLowerCase().includes(term);
	}

	// --- sorting --------------------------------------------------------------------------------

	private execute(filter: StudentFilter, keys: SortKey[]): Uint32Array {
		const predicates = this.predicates(filter);
		const matches: Predicate = (i) => {
			for (const predicate of predicates) if (!predicate(i)) return false;
			return true;
		};
		const n = this.count;
		const out = new Uint32Array(n);
		let length = 0;
		if (keys.length === 0 || (keys.length === 1 && keys[0].field === 'id')) {
			const descending = keys.length === 1;
			for (let k = 0; k < n; k++) {
				const i = descending ? n - 1 - k : k;
				if (predicates.length === 0 || matches(i)) out[length++] = i;
			}
		} else {
			for (const i of this.permutation(keys))
				if (predicates.length === 0 || matches(i)) out[length++] = i;
		}
		return out.slice(0, length);
	}

	private permutation(keys: SortKey[]): Uint32Array {
		const cacheKey = JSON.stringify(keys);
		const cached = this.permutationCache.get(cacheKey);
		if (cached && cached.version === this.version) return cached.order;
		const comparators = keys.map((key) => ({
			ranks: this.ranks(key.field),
			sign: key.desc ? -1 : 1,
		}));
		const order = new Uint32Array(this.count);
		for (let i = 0; i < order.length; i++) order[i] = i;
		order.sort((a, b) => {
			for (const { ranks, sign } of comparators) {
				const x = ranks[a];
				const y = ranks[b];
				if (x !== y) return x < y ? -sign : sign;
			}
			return a - b;
		});
		rememberLru(this.permutationCache, cacheKey, { version: this.version, order });
		return order;
	}

	/** A number per student whose order is the field's sort order (nulls lowest). */
	private ranks(field: SortField): Ranks {
		const cached = this.rankCache.get(field);
		if (cached && cached.version === this.version) return cached.ranks;
		const ranks = this.computeRanks(field);
		this.rankCache.set(field, { version: this.version, ranks });
		return ranks;
	}

	private computeRanks(field: SortField): Ranks {
		const c = this.columns;
		const n = this.count;
		const numeric = NUMERIC_COLUMNS[field];
		if (numeric) return numeric(c).subarray(0, n);
		switch (field) {
			case 'status':
				return Uint8Array.from(c.status.subarray(0, n), (code) => STATUS_RANK[code]);
			case 'first_name':
			case 'last_name': {
				const column = field === 'first_name' ? c.firstName : c.lastName;
				const nameRanks = stringRanks(this.names.names.length, (k) => this.names.get(k));
				return Uint32Array.from(column.subarray(0, n), (k) => nameRanks[k]);
			}
			case 'email':
				return stringRanks(n, (i) => this.emailOf(i));
			case 'student_number':
				return stringRanks(n, (i) => this.studentNumberOf(i));
			default:
				return Uint32Array.from({ length: n }, (_, i) => i);
		}
	}
}

/** Keys after `id` cannot matter (ids are unique), and a trailing `id` ascending is the default tie-break. */
function normaliseSort(sort: SortKey[]): SortKey[] {
	const idAt = sort.findIndex((key) => key.field === 'id');
	const keys = idAt >= 0 ? sort.slice(0, idAt + 1) : [...sort];
	const last = keys[keys.length - 1];
	if (last && last.field === 'id' && !last.desc) keys.pop();
	return keys;
}

/** Leaving the school sets `left_at`; coming back clears it — unless the change says otherwise. */
function withConsistentLeftAt(student: Student, changes: StudentChanges, now: number): Student {
	if (changes.status === undefined || changes.left_at !== undefined) return student;
	const leaving = changes.status === 'graduated' || changes.status === 'withdrawn';
	if (leaving && student.left_at === null) return { ...student, left_at: formatDay(dayOf(now)) };
	if (!leaving) return { ...student, left_at: null };
	return student;
}
