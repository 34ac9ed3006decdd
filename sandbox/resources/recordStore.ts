/**
 * Records related to students (enrollments, payments, exam results), served like students: made
 * deterministically from the seed, `perStudent` per student of the initial population, and
 * materialised only when read. Nothing is held per record except those events created or changed.
 *
 * - record index `i` belongs to student `floor(i / perStudent) + 1`; its id is
 *   `<prefix>_<i + 1 in base 36, 8 wide>` so ids sort in creation order;
 * - `get(id)`, `query({ filter, sort })` → `{ total, slice(from, to) }` like StudentStore;
 * - `save(record)` stores an event's record (new or changed); `newId()` and `latestOf(studentId)`
 *   let events create or change records; every save bumps the version (caches are dropped).
 * The embedded `student` summary is read from the student store when a record is returned.
 */
import type { StudentStore } from '../students/store';

import { applyQuery, type RecordQuery } from './query';

export type SandboxRecord = Record<string, unknown> & {
	id: string;
	student_id: number;
	updated_at: string;
};

export interface RecordStoreOptions {
	prefix: string;
	perStudent: number;
	students: Pick<StudentStore, 'count' | 'summary' | 'gradeLevel'>;
	/** The record at `index` for a student, without `id` and `student`. */
	generate: (index: number, studentId: number, gradeLevel: number) => Omit<SandboxRecord, 'id'>;
}

const ID_WIDTH = 8;
const CACHE_SIZE = 16;

export class RecordStore {
	private readonly generatedCount: number;
	private readonly saved = new Map<string, SandboxRecord>();
	private readonly added: string[] = [];
	private version = 0;
	private readonly cache = new Map<string, { version: number; records: SandboxRecord[] }>();

	constructor(private readonly options: RecordStoreOptions) {
		this.generatedCount = options.students.count * options.perStudent;
	}

	idOf(index: number): string {
		return `${this.options.prefix}_${(index + 1).toString(36).padStart(ID_WIDTH, '0')}`;
	}

	private indexOf(id: string): number | undefined {
		const match = new RegExp(`^${this.options.prefix}_([0-9a-z]{${ID_WIDTH}})$`).exec(id);
		const index = match ? parseInt(match[1], 36) - 1 : -1;
		return index >= 0 && index < this.generatedCount ? index : undefined;
	}

	private generated(index: number): SandboxRecord {
		const studentId = Math.floor(index / this.options.perStudent) + 1;
		const core = this.options.generate(
			index,
			studentId,
			this.options.students.gradeLevel(studentId) ?? 0,
		);
		return { ...core, id: this.idOf(index), student_id: studentId } as SandboxRecord;
	}

	private core(id: string): SandboxRecord | undefined {
		const saved = this.saved.get(id);
		if (saved) return saved;
		const index = this.indexOf(id);
		return index === undefined ? undefined : this.generated(index);
	}

	/** The record as the API returns it, with the student's current summary. */
	private withStudent(record: SandboxRecord): SandboxRecord {
		const { id, ...rest } = record;
		const out: Record<string, unknown> = { id };
		for (const [key, value] of Object.entries(rest)) {
			out[key] = value;
			if (key === 'student_id') out.student = this.options.students.summary(record.student_id);
		}
		return structuredClone(out) as SandboxRecord;
	}

	get(id: string): SandboxRecord | undefined {
		const record = this.core(id);
		return record && this.withStudent(record);
	}

	/** A fresh id after every existing one. */
	newId(): string {
		return this.idOf(this.generatedCount + this.added.length);
	}

	/** The student's most recent record (by id), to be changed by an event; undefined if none. */
	latestOf(studentId: number): SandboxRecord | undefined {
		const own = this.added
			.map((id) => this.saved.get(id)!)
			.filter((record) => record.student_id === studentId);
		if (own.length > 0) return this.withStudent(own[own.length - 1]);
		if (studentId < 1 || studentId > this.options.students.count) return undefined;
		return this.get(this.idOf(studentId * this.options.perStudent - 1));
	}

	save(record: SandboxRecord): void {
		const {
			student: _student,
			previous_attributes: _previous,
			...core
		} = record as SandboxRecord & { student?: unknown; previous_attributes?: unknown };
		if (!this.saved.has(core.id) && this.indexOf(core.id) === undefined) this.added.push(core.id);
		this.saved.set(core.id, structuredClone(core) as SandboxRecord);
		this.version++;
	}

	query(query: RecordQuery<SandboxRecord>): {
		total: number;
		slice(from: number, to: number): SandboxRecord[];
	} {
		const key = `${query.key}|${query.sortKey}`;
		let cached = this.cache.get(key);
		if (!cached || cached.version !== this.version) {
			cached = { version: this.version, records: this.execute(query) };
			this.cache.delete(key);
			this.cache.set(key, cached);
			if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
		}
		const records = cached.records;
		return {
			total: records.length,
			slice: (from, to) => records.slice(from, to).map((record) => this.withStudent(record)),
		};
	}

	private *all(): Generator<SandboxRecord> {
		for (let index = 0; index < this.generatedCount; index++)
			yield this.saved.get(this.idOf(index)) ?? this.generated(index);
		for (const id of this.added) yield this.saved.get(id)!;
	}

	/** all() yields records in id order, so ties of any sort are broken by id (contract §3.7). */
	private execute(query: RecordQuery<SandboxRecord>): SandboxRecord[] {
		return applyQuery(this.all(), query);
	}
}
