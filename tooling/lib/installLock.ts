// One install at a time per cache folder: `npm start`, `npm test` and the two lanes of the test
// matrix may all want the same n8n runtime or local registry at once, and an install that a second
// process removes or repeats under the first one's feet leaves half a folder (a lane then fails on
// a missing file). The lock is a file created exclusively, holding the owner's pid; a lock whose
// process is gone is stale and taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export interface InstallLockOptions {
	/** What is installed, for the waiting line: "n8n runtime", "local registry". */
	what: string;
	log?: (line: string) => void;
	/** How often a waiter looks again (default 2 s: installs take seconds to minutes). */
	pollMs?: number;
}

/** Waits until this process holds `lockFile`; returns the release. */
export async function acquireInstallLock(
	lockFile: string,
	{ what, log = () => {}, pollMs = 2_000 }: InstallLockOptions,
): Promise<() => void> {
	let announced = false;
	for (;;) {
		try {
			writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
			return () => rmSync(lockFile, { force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		const owner = Number(readFileSync(lockFile, 'utf8').trim());
		if (!processAlive(owner)) {
			rmSync(lockFile, { force: true });
			continue;
		}
		if (!announced) log(`${what}: waiting for another install (pid ${owner}) to finish…`);
		announced = true;
		await new Promise((resolve) => setTimeout(resolve, pollMs));
	}
}

function processAlive(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
