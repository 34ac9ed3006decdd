// What `npm ci` asks of Node: package.json's engines (which README "Try it locally" gives, as
// test/tooling/lib/os-packages.test.ts checks), and every locked package whose engines leave that
// Node out is one of the EBADENGINE warnings docs/development.md explains.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const development = fs.readFileSync(path.join(ROOT, 'docs', 'development.md'), 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
	engines: { node: string };
};
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
	packages: Record<
		string,
		{ version?: string; optional?: boolean; engines?: { node?: string } | string[] }
	>;
};

type Version = [number, number, number];
const parse = (text: string): Version => {
	const [major = 0, minor = 0, patch = 0] = text
		.replace(/^v/, '')
		.split('.')
		.map((part) => (/^\d+$/.test(part) ? Number(part) : 0));
	return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of an engines range: `>=`, `>`, `<`, `<=`, `^`, `~`, or a version whose missing or x parts match anything. */
function fits(v: Version, comparator: string): boolean {
	const [, operator = '', text = ''] = /^(>=|<=|>|<|\^|~|=)?(.*)$/.exec(comparator) ?? [];
	const bound = parse(text);
	const order = compare(v, bound);
	if (operator === '>=') return order >= 0;
	if (operator === '>') return order > 0;
	if (operator === '<') return order < 0;
	if (operator === '<=') return order <= 0;
	if (operator === '^') return order >= 0 && v[0] === bound[0];
	if (operator === '~') return order >= 0 && v[0] === bound[0] && v[1] === bound[1];
	const parts = text
		.split('.')
		.filter((part) => /^\d+$/.test(part))
		.map(Number);
	return parts.every((part, index) => v[index] === part);
}

/** npm's engines ranges as the lockfile has them: `||` of space-separated comparators. */
function satisfies(version: string, range: string): boolean {
	const v = parse(version);
	const normalised = range.replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1').trim();
	return normalised.split('||').some((set) =>
		set
			.trim()
			.split(/\s+/)
			.every((comparator) => comparator === '*' || comparator === '' || fits(v, comparator)),
	);
}

const minimum = /^>=(\d+\.\d+)$/.exec(manifest.engines.node)?.[1];
/** Each locked package whose engines refuse `version`, as "name major". */
function refusing(version: string): string[] {
	return Object.entries(lock.packages).flatMap(([where, entry]) => {
		const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
		if (where === '' || entry.optional || wanted === undefined || satisfies(version, wanted))
			return [];
		return [`${where.replace(/^.*node_modules\//, '')} ${parse(String(entry.version))[0]}`];
	});
}
/** The packages docs/development.md names in its EBADENGINE sentence, e.g. "`isolated-vm` 7". */
const explained = [
	...(/warns `EBADENGINE` for[^]*?\n\n/.exec(development)?.[0] ?? '').matchAll(
		/`([@\w/.-]+)` (\d+)/g,
	),
].map(([, name, major]) => `${name} ${major}`);

describe('the Node requirement', () => {
	it('reads engines ranges as npm does', () => {
		expect(satisfies('20.20.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(true);
		expect(satisfies('22.12.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(false);
		expect(satisfies('21.0.0', '>=20.16.0 <21 || >=22.3.0')).toBe(false);
		expect(satisfies('20.19.0', '>=24.0.0')).toBe(false);
		expect(satisfies('20.19.0', '>= 8')).toBe(true);
		expect(satisfies('20.19.0', '8 || 10 || >=12')).toBe(true);
		expect(satisfies('20.19.0', '14.x || 16.x')).toBe(false);
	});

	it("is package.json's engines in docs/development.md too", () => {
		expect(minimum).toBeDefined();
		expect(development).toContain(`Node ${String(minimum)} or newer`);
	});

	it('names exactly the packages npm ci warns about on that Node and on Node 22.13 (each one only once)', () => {
		const warned = [
			...new Set([...refusing(`${String(minimum)}.0`), ...refusing('22.13.0')]),
		].sort();
		expect(warned.length).toBeGreaterThan(0);
		expect([...explained].sort()).toEqual(warned);
	});
});
