import type { Probe } from '../../../../tooling/lib/queue/os-servers';

/** A machine whose files are exactly these (absolute paths): what exists, and each folder's entries. */
export function fileProbe(files: string[]): Probe {
	return {
		exists: (file) => files.includes(file),
		list: (dir) => [
			...new Set(
				files
					.filter((f) => f.startsWith(`${dir}/`))
					.map((f) => f.slice(dir.length + 1).split('/')[0]),
			),
		],
	};
}
