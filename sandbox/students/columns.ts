/**
 * Compact column storage for the filterable and sortable student fields: one typed array per
 * field, indexed by `id - 1`, so a million students take ~50 MB and a filter is a tight loop.
 * Names are interned in `NameDictionary` and stored as indexes (0 = null).
 */

export const NONE_DAY = -0x80000000;

export class NameDictionary {
	readonly names: string[] = [''];
	private readonly index = new Map<string, number>([['', 0]]);
	/** Bumped whenever a name is added, so rank tables can be rebuilt. */
	size = 1;

	intern(name: string | null): number {
		if (name === null) return 0;
		let i = this.index.get(name);
		if (i === undefined) {
			i = this.names.length;
			this.names.push(name);
			this.index.set(name, i);
			this.size = this.names.length;
		}
		return i;
	}

	get(i: number): string | null {
		return i === 0 ? null : this.names[i];
	}
}

export const GROUP_SLOTS = 3;

export class StudentColumns {
	length = 0;
	gender = new Uint8Array(0);
	status = new Uint8Array(0);
	grade = new Uint8Array(0);
	firstName = new Uint32Array(0);
	lastName = new Uint32Array(0);
	preferredName = new Uint32Array(0);
	intakeYear = new Uint16Array(0);
	/** 1 when the generated student has no e-mail address. */
	noEmail = new Uint8Array(0);
	dateOfBirth = new Int32Array(0);
	enrolledAt = new Int32Array(0);
	leftAt = new Int32Array(0);
	createdAt = new Float64Array(0);
	updatedAt = new Float64Array(0);
	/** GROUP_SLOTS group ids per student, ascending, 0 = empty slot. */
	groups = new Uint32Array(0);

	constructor(capacity: number) {
		this.reserve(capacity);
	}

	reserve(capacity: number): void {
		if (capacity <= this.gender.length) return;
		const grow = <T extends { length: number; set(source: ArrayLike<number>): void }>(
			old: T,
			make: (n: number) => T,
			stride = 1,
		) => {
			const next = make(capacity * stride);
			next.set(old as unknown as ArrayLike<number>);
			return next;
		};
		this.gender = grow(this.gender, (n) => new Uint8Array(n));
		this.status = grow(this.status, (n) => new Uint8Array(n));
		this.grade = grow(this.grade, (n) => new Uint8Array(n));
		this.firstName = grow(this.firstName, (n) => new Uint32Array(n));
		this.lastName = grow(this.lastName, (n) => new Uint32Array(n));
		this.preferredName = grow(this.preferredName, (n) => new Uint32Array(n));
		this.intakeYear = grow(this.intakeYear, (n) => new Uint16Array(n));
		this.noEmail = grow(this.noEmail, (n) => new Uint8Array(n));
		this.dateOfBirth = grow(this.dateOfBirth, (n) => new Int32Array(n));
		this.enrolledAt = grow(this.enrolledAt, (n) => new Int32Array(n));
		this.leftAt = grow(this.leftAt, (n) => new Int32Array(n));
		this.createdAt = grow(this.createdAt, (n) => new Float64Array(n));
		this.updatedAt = grow(this.updatedAt, (n) => new Float64Array(n));
		this.groups = grow(this.groups, (n) => new Uint32Array(n), GROUP_SLOTS);
	}

	/** Makes room for one more student and returns its index. */
	append(): number {
		if (this.length === this.gender.length) this.reserve(Math.max(16, this.length * 2));
		return this.length++;
	}
}
