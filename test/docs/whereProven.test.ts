// docs/architecture.md "Where is it proven?" maps each behaviour to the files that do it and the
// tests that prove it. This keeps the map true when files move or tests are renamed: every file it
// cites exists, every test it cites has a test whose name holds the quoted part, and an end-to-end
// file runs on the cells it says (test/e2e/cells.ts).
import fs from 'node:fs';
import path from 'node:path';

import { E2E_FILES } from '../e2e/cells';

const ROOT = path.join(__dirname, '..', '..');
const DOCUMENT = 'docs/architecture.md';
const HEADING = '## Where is it proven?';

interface Citation {
	file: string;
	/** The cells written after an end-to-end file, as `(cells 2, 1)`. */
	cells?: string[];
	names: string[];
}

interface Entry {
	behaviour: string;
	doneIn: string[];
	provenBy: Citation[];
}

/** The table's rows under the heading, up to the next heading. */
function entries(markdown: string): Entry[] {
	const start = markdown.indexOf(`${HEADING}\n`);
	if (start < 0) throw new Error(`${DOCUMENT} has no "${HEADING}" section`);
	const rest = markdown.slice(start + HEADING.length);
	const end = rest.search(/^## /m);
	const rows = (end < 0 ? rest : rest.slice(0, end))
		.split('\n')
		.filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
		.slice(1);
	return rows.map((row) => {
		const [behaviour = '', doneIn = '', provenBy = ''] = row.slice(2, -2).split(' | ');
		return {
			behaviour,
			doneIn: [...doneIn.matchAll(/`([^`]+)`/g)].map((match) => match[1]),
			provenBy: citations(provenBy),
		};
	});
}

/** `path` starts a citation; `(cells …)` and each "part of a name" after it belong to it. */
function citations(cell: string): Citation[] {
	const found: Citation[] = [];
	for (const [, file, cells, name] of cell.matchAll(/`([^`]+)`|\(cells ([^)]*)\)|"([^"]+)"/g)) {
		if (file) found.push({ file, names: [] });
		else if (cells) found[found.length - 1].cells = cells.split(', ');
		else found[found.length - 1].names.push(name);
	}
	return found;
}

/** The names of a file's tests: the first argument of it(), test() and their .each(…)(). */
function testNames(source: string): string[] {
	const call = /\b(?:it|test)(?:\.each\([\s\S]*?\))?\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*)\1/g;
	return [...source.matchAll(call)].map((match) => match[2].replace(/\\(.)/g, '$1'));
}

function problemsOf(entry: Entry): string[] {
	const problems: string[] = [];
	const say = (text: string) => problems.push(`${entry.behaviour}: ${text}`);
	if (entry.doneIn.length === 0) say('names no file that does it');
	if (entry.provenBy.length === 0) say('names no test');
	for (const file of entry.doneIn) {
		if (!fs.existsSync(path.join(ROOT, file))) say(`${file} does not exist`);
	}
	for (const { file, cells, names } of entry.provenBy) {
		if (!fs.existsSync(path.join(ROOT, file))) {
			say(`${file} does not exist`);
			continue;
		}
		const tests = testNames(fs.readFileSync(path.join(ROOT, file), 'utf8'));
		if (names.length === 0) say(`${file}: quotes no test name`);
		for (const name of names) {
			if (!tests.some((test) => test.includes(name))) say(`${file} has no test named "…${name}…"`);
		}
		const e2e = /^test\/e2e\/([^/]+)$/.exec(file)?.[1];
		const expected = e2e ? E2E_FILES[e2e]?.cells.join(', ') : undefined;
		if (cells?.join(', ') !== expected) {
			say(
				`${file}: cells ${cells?.join(', ') ?? 'none'} where test/e2e/cells.ts gives ${expected ?? 'none'}`,
			);
		}
	}
	return problems;
}

describe(`${DOCUMENT} "Where is it proven?"`, () => {
	const map = entries(fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8'));

	it('maps at least 25 behaviours, each to a file that does it and a test that proves it', () => {
		expect(map.length).toBeGreaterThanOrEqual(25);
		expect(map.flatMap((entry) => (entry.behaviour ? [] : [entry]))).toEqual([]);
	});

	it('cites files that exist, tests by a part of their name, and end-to-end files on their cells', () => {
		expect(map.flatMap(problemsOf)).toEqual([]);
	});
});

describe('the map reader', () => {
	it("reads test names in every form the suites use: quotes, escapes, templates, each's title", () => {
		const source = [
			"it('plain', () => {});",
			'it("the user\'s", async () => {});',
			"test('can\\'t', () => {});",
			'it(`${COUNT} cases`, () => {});',
			"it.each([[1, 2], [3]])(\n\t'%s: each',\n\t() => {},\n);",
			"describe('not a test', () => {});",
		].join('\n');
		expect(testNames(source)).toEqual([
			'plain',
			"the user's",
			"can't",
			'${COUNT} cases',
			'%s: each',
		]);
	});

	it('reads a row: its files, and each test file with its cells and the parts of names after it', () => {
		const [entry] = entries(
			[
				HEADING,
				'',
				'| behaviour | done in | proven by |',
				'| --- | --- | --- |',
				'| X | `a.ts`, `b.ts` | `test/x.test.ts` "one", "two"; `test/e2e/y.test.ts` (cells 2, 1) "three" |',
				'',
				'## Next',
				'| not | a | row |',
			].join('\n'),
		);
		expect(entry).toEqual({
			behaviour: 'X',
			doneIn: ['a.ts', 'b.ts'],
			provenBy: [
				{ file: 'test/x.test.ts', names: ['one', 'two'] },
				{ file: 'test/e2e/y.test.ts', cells: ['2', '1'], names: ['three'] },
			],
		});
	});
});
