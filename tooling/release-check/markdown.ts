// What the documentation promises that the repository must keep true: heading anchors, relative
// links and the messages it quotes. Pure functions of file texts; rules/docs.ts applies them.
//
// Anchors are the ones GitHub (and npm, which prefixes them but resolves the same #fragment) gives
// headings: the heading's rendered text, lower-cased, with punctuation other than `-` and `_` dropped
// and spaces turned into hyphens; a repeated slug gets -1, -2, … (github-slugger's algorithm).
//
// A quoted message is what the documentation presents as the words the package shows (a node, a
// credential, `npm start`):
// - text in double quotes inside italics or bold, `*"…"*` or `**"…"**`;
// - every `code span` in the first cell of a table whose first header is "You see" (error tables).
// Whitespace is collapsed (a quote may span a line break). `…`, `"…"`, `<name>` and a lone capital
// `N` or `M` are placeholders: the quote is split there and some string or template literal of the
// source must contain the pieces in order, a template's `${…}` matching any text (a value: the
// literal's own text must match at least a quarter of the quote).

import ts from 'typescript';

/** Text GitHub renders for a heading's inline Markdown: code, links, images, emphasis unwrapped. */
function renderedText(markdown: string): string {
	return markdown
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/`([^`]*)`/g, '$1')
		.replace(/<[^>]+>/g, '')
		.replace(/(\*\*|__|\*|~~)/g, '')
		.trim();
}

export function slugify(heading: string): string {
	return renderedText(heading)
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** The file's lines with fenced code blocks blanked (a `# comment` in a shell block is no heading). */
function proseLines(markdown: string): string[] {
	let fence: string | undefined;
	return markdown.split('\n').map((line) => {
		const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (marker && (!fence || marker.startsWith(fence))) {
			fence = fence ? undefined : marker;
			return '';
		}
		return fence ? '' : line;
	});
}

/** ATX headings outside fenced code blocks. */
export function markdownHeadings(markdown: string): string[] {
	return proseLines(markdown).flatMap((line) => {
		const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		return heading ? [heading[1]] : [];
	});
}

/** Heading anchors, plus explicit `<a name="…">` / `id="…"` ones. */
export function markdownAnchors(markdown: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const heading of markdownHeadings(markdown)) {
		const slug = slugify(heading);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	for (const match of markdown.matchAll(/<a\s[^>]*\b(?:name|id)="([^"]+)"/g)) anchors.add(match[1]);
	return anchors;
}

export interface Located {
	line: number;
	text: string;
}

const CODE_SPAN = /(`+)[^`][\s\S]*?\1(?!`)/g;

/** Link targets `](target)` in prose (not in code blocks or code spans). */
export function markdownLinks(markdown: string): Located[] {
	return proseLines(markdown).flatMap((line, index) =>
		[...line.replace(CODE_SPAN, '').matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map(
			(match) => ({ line: index + 1, text: match[1] }),
		),
	);
}

/**
 * Problems with one link of `file`: a relative path that is not in `files` (a file or a folder), an
 * #anchor that the target .md (or `file` itself) has no heading for. `readmePages` are absolute
 * URLs whose #anchor is one of README.md's (npm's package page, the repository).
 */
export function linkProblem(
	file: string,
	target: string,
	files: string[],
	texts: Record<string, string>,
	readmePages: string[] = [],
): string | undefined {
	const hash = target.indexOf('#');
	const page = hash < 0 ? target : target.slice(0, hash);
	const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
	let linked: string;
	if (/^[a-z][a-z0-9+.-]*:/i.test(page)) {
		if (!readmePages.includes(page.replace(/\/$/, '')) || anchor === undefined) return undefined;
		linked = 'README.md';
	} else if (page === '') {
		linked = file;
	} else {
		linked = page.startsWith('/')
			? page.slice(1)
			: joinPath(dirname(file), page.replace(/\?.*$/, ''));
		const exists =
			files.includes(linked) ||
			files.some((other) => other.startsWith(`${linked.replace(/\/$/, '')}/`));
		if (!exists) return `${target}: ${linked} does not exist`;
	}
	if (anchor === undefined || !linked.endsWith('.md')) return undefined;
	return markdownAnchors(texts[linked] ?? '').has(anchor)
		? undefined
		: `${target}: ${linked} has no heading with anchor #${anchor}`;
}

export interface Citation extends Located {
	/** The cited Markdown file, from the repository root. */
	file: string;
}

/**
 * Sections that code, messages and workflows cite: README or docs/<name>.md followed by the
 * heading in double quotes, or by a colon and the heading (capitalised, up to `)`, `.` or the line's end).
 */
export function sectionCitations(text: string): Citation[] {
	return text.split('\n').flatMap((line, index) =>
		[...line.matchAll(/\b(README|docs\/[\w-]+\.md)(?:\.md)?(?: "([^"]+)"|: ([A-Z][^).\n]*))/g)].map(
			(match) => ({
				line: index + 1,
				file: match[1] === 'README' ? 'README.md' : match[1],
				text: (match[2] ?? match[3]).trim(),
			}),
		),
	);
}

const dirname = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '');

function joinPath(dir: string, relative: string): string {
	const parts: string[] = dir ? dir.split('/') : [];
	for (const part of relative.split('/')) {
		if (part === '..') parts.pop();
		else if (part !== '.' && part !== '') parts.push(part);
	}
	return parts.join('/') + (relative.endsWith('/') ? '/' : '');
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The quoted messages of a Markdown file (the rule is in this file's header). */
export function quotedMessages(markdown: string): Located[] {
	const lines = proseLines(markdown);
	const prose = lines.map((line) => line.replace(CODE_SPAN, '')).join('\n');
	const lineAt = (offset: number) => prose.slice(0, offset).split('\n').length;
	const quotes: Located[] = [...prose.matchAll(/(\*\*?)"([^"*]+)"\1(?!\*)/g)].map((match) => ({
		line: lineAt(match.index),
		text: collapse(match[2]),
	}));
	let errorTable = false;
	lines.forEach((line, index) => {
		const cells = /^\s*\|(.*)\|\s*$/.exec(line)?.[1].split(/(?<!\\)\|/);
		if (!cells) {
			errorTable = false;
			return;
		}
		if (/^\s*you see\s*$/i.test(cells[0])) errorTable = true;
		else if (errorTable && !/^\s*:?-+:?\s*$/.test(cells[0])) {
			for (const span of cells[0].matchAll(/(`+)\s?(.+?)\s?\1(?!`)/g))
				quotes.push({ line: index + 1, text: collapse(span[2]) });
		}
	});
	return quotes.sort((a, b) => a.line - b.line);
}

/** A literal's text with each `${…}` as HOLE. */
export const HOLE = '\u0000';

/** The pieces of a quote between placeholders (`…`, `"…"`, `<name>`, a lone N or M). */
export function quoteFragments(quote: string): string[] {
	return quote
		.split(/"…"|…|<[^>\s]+>|\b[NM]\b/)
		.map((fragment) => fragment.trim())
		.filter(Boolean);
}

/**
 * Reading `fragment` in `literal` from each start position (with the quote characters matched so
 * far by the literal's own text): the positions it can end at, each with its best count. A HOLE
 * reads any text but counts nothing.
 */
function advance(
	literal: string,
	fragment: string,
	starts: Map<number, number>,
): Map<number, number> {
	const keep = (positions: Map<number, number>, position: number, count: number) => {
		if ((positions.get(position) ?? -1) < count) positions.set(position, count);
	};
	const closure = (positions: Map<number, number>) => {
		for (const [position, count] of positions)
			if (literal[position] === HOLE) keep(positions, position + 1, count);
		return positions;
	};
	let positions = closure(new Map(starts));
	for (const char of fragment) {
		const next = new Map<number, number>();
		for (const [position, count] of positions) {
			if (literal[position] === char) keep(next, position + 1, count + 1);
			if (literal[position] === HOLE) keep(next, position, count);
		}
		positions = closure(next);
		if (positions.size === 0) break;
	}
	return positions;
}

/**
 * Whether `literal` (with HOLEs) contains the fragments in order, its own text matching at least
 * a quarter of their characters (a `${…}` stands for a value such as `"enrolled"`, not for the message).
 */
export function literalQuotes(literal: string, fragments: string[]): boolean {
	let starts = new Map(Array.from({ length: literal.length + 1 }, (_, index) => [index, 0]));
	for (const fragment of fragments) {
		const ends = advance(literal, fragment, starts);
		if (ends.size === 0) return false;
		starts = new Map(Array.from({ length: literal.length + 1 }, (_, index) => [index, -1]));
		for (const [position, count] of ends)
			for (let later = position; later <= literal.length; later++)
				if (starts.get(later)! < count) starts.set(later, count);
	}
	const matched = Math.max(...starts.values());
	return fragments.length > 0 && matched * 4 >= fragments.join('').length;
}

/**
 * String and template literals of TypeScript source, whitespace collapsed; `a + b` joined, an
 * operand that is no literal a HOLE.
 */
export function sourceLiterals(source: string): string[] {
	const literals: string[] = [];
	const text = (node: ts.Node): string => {
		if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
		if (ts.isTemplateExpression(node))
			return node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join('');
		if (ts.isParenthesizedExpression(node)) return text(node.expression);
		if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
			return text(node.left) + text(node.right);
		return HOLE;
	};
	const visit = (node: ts.Node): void => {
		const joined = text(node);
		// A literal of holes and a few letters (`${a}: ${b}`) would match almost any quote.
		if ((joined.match(/\p{L}/gu) ?? []).length >= 4) literals.push(collapse(joined));
		ts.forEachChild(node, visit);
	};
	visit(ts.createSourceFile('source.ts', source, ts.ScriptTarget.Latest));
	return literals;
}
