// An in-memory model of the platform's list endpoint for the cursor's property test: records
// with versions, a clock in whole ticks (so many changes share a timestamp), changes that become
// visible up to `lateTicks` after their timestamp, `filter[updated_since]`, both sorts the
// cursor uses, offset pages, and an optional filter that records enter and leave.
// Ids take the shape of one resource's: students' numbers, or the prefixed random strings of
// enrollments, payments and exam results (`enr_k3x9…`), which break ties in an order unrelated to
// the order records were made in.
import type { JsonRecord } from '../../../../nodes/shared/jsonRecord';
import type { PageRequest } from '../../../../nodes/EducationPlatformPollingTrigger/cursor/cursor';

export const TICK_MICROS = 1000;
const EPOCH_MICROS = Date.UTC(2026, 10, 1) * 1000;

/** Numeric ids (students), or strings with this prefix (enrollments `enr`, payments `pay`, …). */
export type IdShape = { kind: 'numeric' } | { kind: 'prefixed'; prefix: string };

export interface Version {
	/** The model's own number for the record; the API shows `externalId(id)`. */
	id: number;
	micros: number;
	createdMicros: number;
	/** When the change became visible (≥ micros; late commits later). */
	visibleAt: number;
	/** The filtered runs only list records with `flag: true`. */
	flag: boolean;
}

/** mulberry32: a small seeded generator, so every run can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function iso(micros: number): string {
	return new Date(micros / 1000).toISOString().replace(/Z$/, '000Z');
}

export class PlatformModel {
	now = EPOCH_MICROS;
	readonly versions = new Map<number, Version[]>();
	private nextId = 1;
	private readonly external = new Map<number, string | number>();
	private readonly internal = new Map<string | number, number>();

	constructor(
		private readonly random: () => number,
		private readonly lateTicks: number,
		readonly filtered: boolean,
		private readonly idShape: IdShape = { kind: 'numeric' },
	) {}

	/** The id the API returns for record `id`. */
	externalId(id: number): string | number {
		return this.external.get(id) ?? id;
	}

	/** The model's number of a record, from the id the API returned. */
	internalId(external: unknown): number {
		const id = this.internal.get(external as string | number);
		if (id === undefined) throw new Error(`unknown record id ${String(external)}`);
		return id;
	}

	private assignExternalId(id: number): void {
		let external: string | number = id;
		while (this.idShape.kind === 'prefixed' && (external === id || this.internal.has(external))) {
			external = `${this.idShape.prefix}_${Math.floor(this.random() * 36 ** 8)
				.toString(36)
				.padStart(8, '0')}`;
		}
		this.external.set(id, external);
		this.internal.set(external, id);
	}

	advance(ticks: number): void {
		this.now += ticks * TICK_MICROS;
	}

	private visibleAt(previous?: Version): number {
		const late = Math.floor(this.random() * (this.lateTicks + 1)) * TICK_MICROS;
		return Math.max(previous?.visibleAt ?? 0, this.now + late);
	}

	create(): void {
		const id = this.nextId++;
		this.assignExternalId(id);
		this.versions.set(id, [
			{
				id,
				micros: this.now,
				createdMicros: this.now,
				visibleAt: this.visibleAt(),
				flag: this.random() < 0.6,
			},
		]);
	}

	/** Changes a record; false when it already changed in this tick (one version per record per tick). */
	update(id: number): boolean {
		const versions = this.versions.get(id);
		const previous = versions?.[versions.length - 1];
		if (!versions || !previous || previous.micros === this.now) return false;
		versions.push({
			id,
			micros: this.now,
			createdMicros: previous.createdMicros,
			visibleAt: this.visibleAt(previous),
			flag: this.random() < 0.6,
		});
		return true;
	}

	randomId(): number | undefined {
		return this.nextId > 1 ? 1 + Math.floor(this.random() * (this.nextId - 1)) : undefined;
	}

	/** The version a reader sees now, if any. */
	visible(id: number): Version | undefined {
		const versions = this.versions.get(id) ?? [];
		let current: Version | undefined;
		for (const version of versions) if (version.visibleAt <= this.now) current = version;
		return current;
	}

	matches(version: Version): boolean {
		return !this.filtered || version.flag;
	}

	list(request: PageRequest): JsonRecord[] {
		const since =
			request.updatedSince === undefined
				? -Infinity
				: Date.parse(`${request.updatedSince.slice(0, 23)}Z`) * 1000 +
					Number(request.updatedSince.slice(23, 26));
		const rows = [...this.versions.keys()]
			.map((id) => this.visible(id))
			.filter(
				(version): version is Version =>
					version !== undefined && this.matches(version) && version.micros >= since,
			);
		const descending = request.sort === '-updated_at';
		rows.sort(
			(a, b) =>
				(descending ? b.micros - a.micros : a.micros - b.micros) || this.compareIds(a.id, b.id),
		);
		const start = (request.page - 1) * request.perPage;
		return rows.slice(start, start + request.perPage).map((version) => ({
			id: this.externalId(version.id),
			updated_at: iso(version.micros),
			created_at: iso(version.createdMicros),
			flag: version.flag,
		}));
	}

	/** The API's tie-break: by id, numbers by value, strings by code unit. */
	private compareIds(a: number, b: number): number {
		const [x, y] = [this.externalId(a), this.externalId(b)];
		return x === y ? 0 : x < y ? -1 : 1;
	}
}
