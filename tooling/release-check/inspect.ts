// Reads an extracted `npm pack` tarball into the plain data the rules check. Node and credential
// classes are loaded the way n8n loads them: require the n8n block's file and instantiate the class
// named like the file. n8n-workflow must be resolvable from the package folder (cli.ts links the
// repository's node_modules next to it).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { CredentialUnderCheck, JsonObject, NodeUnderCheck, PackageUnderCheck } from './model';

const TEXT_FILE = /(\.(js|json|md|svg)|^LICENSE(\.md)?)$/;

function listFiles(dir: string, prefix = ''): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
			: [`${prefix}${entry.name}`],
	);
}

function functionNames(value: unknown): string[] {
	return Object.entries((value ?? {}) as Record<string, unknown>)
		.filter(([, fn]) => typeof fn === 'function')
		.map(([name]) => name);
}

function parseJson(text: string | undefined): JsonObject | undefined {
	try {
		return text === undefined ? undefined : (JSON.parse(text) as JsonObject);
	} catch {
		return undefined;
	}
}

type Instance = Record<string, unknown> & {
	methods?: JsonObject;
	nodeVersions?: Record<string, Instance>;
};

function describeNode(
	file: string,
	instance: Instance,
	codex: JsonObject | undefined,
): NodeUnderCheck {
	const webhookMethods = (instance.webhookMethods ?? {}) as Record<string, unknown>;
	return {
		file,
		description: (instance.description ?? {}) as JsonObject,
		methods: {
			execute: typeof instance.execute === 'function',
			webhook: typeof instance.webhook === 'function',
			poll: typeof instance.poll === 'function',
			trigger: typeof instance.trigger === 'function',
			webhookMethods: Object.fromEntries(
				Object.entries(webhookMethods).map(([group, fns]) => [group, functionNames(fns)]),
			),
			credentialTest: functionNames(instance.methods?.credentialTest),
		},
		codex,
	};
}

function describeCredential(
	file: string,
	className: string,
	instance: Instance,
): CredentialUnderCheck {
	return {
		file,
		className,
		name: String(instance.name ?? ''),
		displayName: String(instance.displayName ?? ''),
		extends: Array.isArray(instance.extends) ? instance.extends.map(String) : [],
		hasTest: instance.test !== undefined,
		documentationUrl:
			typeof instance.documentationUrl === 'string' ? instance.documentationUrl : undefined,
		icon: instance.icon,
		properties: Array.isArray(instance.properties) ? (instance.properties as JsonObject[]) : [],
	};
}

/** The repository's tracked files with the text of its Markdown, TypeScript and workflows (docs rules). */
export function inspectRepository(root: string): NonNullable<PackageUnderCheck['repository']> {
	const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
		.split('\0')
		.filter((file) => file && existsSync(path.join(root, file)));
	const read = files.filter((file) => /\.(md|ts|mjs|yml)$/.test(file));
	return {
		files,
		texts: Object.fromEntries(
			read.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]),
		),
	};
}

export function inspectPackage(
	packageDir: string,
): Omit<PackageUnderCheck, 'scanner' | 'changelog' | 'publishWorkflow' | 'repository'> {
	const files = listFiles(packageDir);
	const texts = Object.fromEntries(
		files
			.filter((file) => TEXT_FILE.test(path.posix.basename(file)))
			.map((file) => [file, readFileSync(path.join(packageDir, file), 'utf8')]),
	);
	const manifest = JSON.parse(texts['package.json']) as JsonObject;
	const block = (manifest.n8n ?? {}) as { nodes?: string[]; credentials?: string[] };
	const load = createRequire(path.join(packageDir, 'package.json'));
	const loadErrors: string[] = [];

	const instantiate = (
		file: string,
		suffix: RegExp,
	): { className: string; instance: Instance } | undefined => {
		const className = path.posix.basename(file).replace(suffix, '');
		try {
			const Class = (load(path.join(packageDir, file)) as Record<string, new () => Instance>)[
				className
			];
			if (typeof Class !== 'function') throw new Error(`does not export class ${className}`);
			return { className, instance: new Class() };
		} catch (error) {
			loadErrors.push(`${file}: ${(error as Error).message.split('\n')[0]}`);
			return undefined;
		}
	};

	const nodes = (block.nodes ?? []).flatMap((file) => {
		const loaded = instantiate(file, /\.node\.js$/);
		if (!loaded) return [];
		const codex = parseJson(texts[file.replace(/\.js$/, '.json')]);
		const versions = loaded.instance.nodeVersions
			? Object.values(loaded.instance.nodeVersions)
			: [loaded.instance];
		return versions.map((version) => describeNode(file, version, codex));
	});
	const credentials = (block.credentials ?? []).flatMap((file) => {
		const loaded = instantiate(file, /\.credentials\.js$/);
		return loaded ? [describeCredential(file, loaded.className, loaded.instance)] : [];
	});
	return { manifest, files, texts, nodes, credentials, loadErrors };
}
