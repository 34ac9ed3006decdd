// The anchors GitHub (and npm, which prefixes them but resolves the same #fragment) gives README
// headings: the heading's rendered text, lower-cased, with punctuation other than `-` and `_` dropped
// and spaces turned into hyphens; a repeated slug gets -1, -2, … (github-slugger's algorithm).

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

/** ATX headings outside fenced code blocks (a `# comment` in a shell block is not a heading). */
export function readmeHeadings(readme: string): string[] {
	const headings: string[] = [];
	let fence: string | undefined;
	for (const line of readme.split('\n')) {
		const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (marker && (!fence || marker.startsWith(fence))) {
			fence = fence ? undefined : marker;
			continue;
		}
		const heading = fence ? null : /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (heading) headings.push(heading[1]);
	}
	return headings;
}

export function readmeAnchors(readme: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const heading of readmeHeadings(readme)) {
		const slug = slugify(heading);
		const count = seen.get(slug) ?? 0;
		seen.set(slug, count + 1);
		anchors.add(count === 0 ? slug : `${slug}-${count}`);
	}
	return anchors;
}
