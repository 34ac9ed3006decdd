// Icons, codex files and documentation links: what the node panel shows and where "Docs" goes.
import path from 'node:path';

import { nodeLabel, outcome, type JsonObject, type PackageUnderCheck, type Rule } from '../model';
import {
	linkProblem,
	literalQuotes,
	markdownAnchors,
	markdownLinks,
	quotedMessages as quotesIn,
	quoteFragments,
	sectionCitations,
	slugify,
	sourceLiterals,
} from '../markdown';

/** The file paths an `icon` names (`file:x.svg` or themed {light, dark}), relative to the tarball. */
function iconFiles(owner: string, icon: unknown): string[] | string {
	const values =
		typeof icon === 'string'
			? [icon]
			: typeof icon === 'object' && icon
				? [(icon as JsonObject).light, (icon as JsonObject).dark]
				: [];
	if (values.length === 0) return `${owner} has no icon`;
	if (!values.every((value) => typeof value === 'string' && value.startsWith('file:'))) {
		return `${owner} icon must be file:… (light and dark): ${JSON.stringify(icon)}`;
	}
	return values.map((value) =>
		path.posix.normalize(path.posix.join(path.posix.dirname(owner), (value as string).slice(5))),
	);
}

export const icons: Rule = {
	id: 'icons',
	title: 'Icons: every node and credential names an SVG/PNG icon present in the tarball',
	check({ nodes, credentials, texts, files }) {
		const problems: string[] = [];
		const owners = [
			...nodes.map((n) => ({ file: n.file, icon: n.description.icon })),
			...credentials,
		];
		for (const { file, icon } of owners) {
			const resolved = iconFiles(file, icon);
			if (typeof resolved === 'string') {
				problems.push(resolved);
				continue;
			}
			for (const iconFile of resolved) {
				if (!files.includes(iconFile))
					problems.push(`${file}: icon ${iconFile} is not in the tarball`);
				else if (iconFile.endsWith('.svg') && !/<svg[\s>]/.test(texts[iconFile] ?? ''))
					problems.push(`${iconFile} is not an SVG`);
				else if (!/\.(svg|png)$/.test(iconFile)) problems.push(`${iconFile} must be .svg or .png`);
			}
		}
		return outcome(problems);
	},
};

function codexUrls(codex: JsonObject | undefined): string[] {
	const resources = (codex?.resources ?? {}) as Record<string, Array<{ url?: unknown }>>;
	return Object.values(resources).flatMap((links) =>
		Array.isArray(links) ? links.map((link) => String(link.url)) : [],
	);
}

export const codex: Rule = {
	id: 'codex',
	title: 'Codex: each node has X.node.json with its type, versions, categories and primary docs',
	check({ nodes, manifest }) {
		const problems: string[] = [];
		for (const node of nodes) {
			const label = `${nodeLabel(node)} (${node.file.replace(/\.js$/, '.json')})`;
			const { codex } = node;
			if (!codex) {
				problems.push(`${label} is missing or not JSON`);
				continue;
			}
			const expectedType = `${String(manifest.name)}.${String(node.description.name)}`;
			if (codex.node !== expectedType)
				problems.push(
					`${label}: node is ${JSON.stringify(codex.node)}, expected "${expectedType}"`,
				);
			for (const key of ['nodeVersion', 'codexVersion']) {
				if (typeof codex[key] !== 'string')
					problems.push(`${label}: ${key} must be a string like "1.0"`);
			}
			if (!Array.isArray(codex.categories) || codex.categories.length === 0)
				problems.push(`${label}: categories is empty`);
			const primary = (codex.resources as JsonObject | undefined)?.primaryDocumentation;
			if (!Array.isArray(primary) || primary.length === 0)
				problems.push(`${label}: resources.primaryDocumentation is empty`);
		}
		return outcome(problems);
	},
};

/** Pages whose #fragment is a README anchor: npm's package page, the homepage and the GitHub repository. */
export function readmePageUrls(manifest: JsonObject): string[] {
	const pages = [`https://www.npmjs.com/package/${String(manifest.name)}`];
	if (typeof manifest.homepage === 'string') pages.push(manifest.homepage.replace(/#.*$/, ''));
	const repository = (manifest.repository as JsonObject | undefined)?.url;
	const github =
		typeof repository === 'string'
			? /github\.com[/:]([^/]+\/[^/.]+)/.exec(repository)?.[1]
			: undefined;
	if (github) pages.push(`https://github.com/${github}`);
	return pages;
}

export function documentationUrlProblem(
	url: string,
	pages: string[],
	anchors: Set<string>,
): string | undefined {
	const hash = url.indexOf('#');
	const page = hash < 0 ? url : url.slice(0, hash);
	if (!pages.includes(page.replace(/\/$/, '')))
		return `${url} is not the README (${pages.join(', ')})`;
	if (hash < 0) return `${url} has no #anchor to a README section`;
	const anchor = decodeURIComponent(url.slice(hash + 1));
	return anchors.has(anchor)
		? undefined
		: `${url}: the README has no heading with anchor #${anchor}`;
}

/** The href of every link in a node's texts (notices, hints, descriptions). */
export function descriptionLinks(description: JsonObject): string[] {
	return [...JSON.stringify(description).matchAll(/href=\\"([^"\\]+)\\"/g)].map(
		(match) => match[1],
	);
}

/**
 * A link to a guide on GitHub (`<repository>/blob/main/docs/x.md#anchor`) whose anchor is no
 * heading of that guide in the repository; README pages are checked as documentation URLs.
 */
export function guideLinkProblem(
	url: string,
	manifest: JsonObject,
	repository: PackageUnderCheck['repository'],
): string | undefined {
	const github = readmePageUrls(manifest).find((page) => page.startsWith('https://github.com/'));
	const prefix = `${github ?? ''}/blob/main/`;
	const guide =
		github && url.startsWith(prefix)
			? /^(docs\/[^#]+\.md)#(.+)$/.exec(url.slice(prefix.length))
			: null;
	if (!guide) return `${url} is neither the README nor a guide in docs/ on GitHub`;
	if (!repository) return 'the repository was not read';
	const [, file, anchor] = guide;
	if (!repository.files.includes(file)) return `${url}: ${file} does not exist`;
	return markdownAnchors(repository.texts[file] ?? '').has(decodeURIComponent(anchor))
		? undefined
		: `${url}: ${file} has no heading with anchor #${anchor}`;
}

export const documentationUrls: Rule = {
	id: 'documentation-urls',
	title:
		'Documentation URLs (codex, credentials and links in node texts) resolve to README or guide anchors',
	check({ nodes, credentials, manifest, texts, repository }: PackageUnderCheck) {
		const anchors = markdownAnchors(texts['README.md'] ?? '');
		const pages = readmePageUrls(manifest);
		const links = [
			...nodes.flatMap((node) => codexUrls(node.codex).map((url) => ({ owner: node.file, url }))),
			...credentials.map((c) => ({ owner: c.file, url: c.documentationUrl ?? '' })),
		];
		const problems = links.flatMap(({ owner, url }) => {
			const problem = url
				? documentationUrlProblem(url, pages, anchors)
				: 'documentationUrl is missing';
			return problem ? [`${owner}: ${problem}`] : [];
		});
		const textLinks = nodes.flatMap((node) =>
			descriptionLinks(node.description).map((url) => ({ owner: node.file, url })),
		);
		for (const { owner, url } of textLinks) {
			const readme = pages.some((page) => url.startsWith(`${page}#`));
			const problem = readme
				? documentationUrlProblem(url, pages, anchors)
				: guideLinkProblem(url, manifest, repository);
			if (problem) problems.push(`${owner}: ${problem}`);
		}
		return outcome(problems, [
			`${links.length + textLinks.length} links checked (${textLinks.length} in node texts)`,
		]);
	},
};

/** The documentation the docs rules read: README, CHANGELOG and docs/*.md. */
const isDocument = (file: string) => /^(README|CHANGELOG)\.md$|^docs\/[^/]+\.md$/.test(file);

export const docLinks: Rule = {
	id: 'doc-links',
	title: 'Docs links: relative paths exist, #anchors and sections cited in code are headings',
	check({ manifest, repository }) {
		if (!repository) return outcome(['the repository was not read']);
		const pages = readmePageUrls(manifest);
		const documents = repository.files.filter(isDocument);
		const links = documents.flatMap((file) =>
			markdownLinks(repository.texts[file] ?? '').map((link) => ({ file, ...link })),
		);
		const problems = links.flatMap(({ file, line, text }) => {
			const problem = linkProblem(file, text, repository.files, repository.texts, pages);
			return problem ? [`${file}:${line}: ${problem}`] : [];
		});
		const citations = Object.entries(repository.texts)
			.filter(([file]) => !file.endsWith('.md'))
			.flatMap(([file, text]) =>
				sectionCitations(text).map((citation) => ({ source: file, ...citation })),
			);
		for (const { source, line, file, text } of citations) {
			if (!markdownAnchors(repository.texts[file] ?? '').has(slugify(text)))
				problems.push(`${source}:${line}: ${file} has no section "${text}"`);
		}
		return outcome(problems, [
			`${links.length} links in ${documents.length} files, ${citations.length} sections cited in code`,
		]);
	},
};

/** Quoted messages that are not this package's: the platform's or n8n's own words. */
export const FOREIGN_MESSAGES: Record<string, string> = {
	'Requested filter(s) `colour` are not allowed.':
		"the platform's 422 (Laravel query builder; docs/api-contract.md)",
	'Unauthenticated.': "the platform's 401 (Laravel)",
	'No student with ID 1042': "the platform's 404 (sandbox/api/students.ts)",
	'Failed to start Python task runner … virtual environment is missing':
		"n8n 2.x's log (its optional Python runner)",
};

export const quotedMessages: Rule = {
	id: 'quoted-messages',
	title:
		'Quoted messages: each message the docs quote is in the source (nodes/, credentials/, tooling/)',
	check({ repository }) {
		if (!repository) return outcome(['the repository was not read']);
		const literals = Object.entries(repository.texts)
			.filter(([file]) => /^(nodes|credentials|tooling)\/.*\.ts$/.test(file))
			.flatMap(([, text]) => sourceLiterals(text));
		const quotes = repository.files
			.filter(isDocument)
			.flatMap((file) =>
				quotesIn(repository.texts[file] ?? '').map((quote) => ({ file, ...quote })),
			);
		const problems = quotes.flatMap(({ file, line, text }) => {
			if (FOREIGN_MESSAGES[text]) return [];
			const fragments = quoteFragments(text);
			return literals.some((literal) => literalQuotes(literal, fragments))
				? []
				: [`${file}:${line}: "${text}" is in no string of the source`];
		});
		return outcome(problems, [
			`${quotes.length} quotes checked against ${literals.length} literals`,
		]);
	},
};
