import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { acquireInstallLock } from '../../../tooling/lib/installLock';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(path.join(tmpdir(), 'install-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('acquireInstallLock', () => {
	it('lets a second installer in only after the first releases, and says it waits', async () => {
		const lockFile = path.join(dir, 'install.lock');
		const releaseFirst = await acquireInstallLock(lockFile, { what: 'local registry' });
		expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));

		let waiting!: () => void;
		const waitingLine = new Promise<void>((resolve) => {
			waiting = resolve;
		});
		const lines: string[] = [];
		let secondHolds = false;
		const second = acquireInstallLock(lockFile, {
			what: 'local registry',
			pollMs: 5,
			log: (line) => {
				lines.push(line);
				waiting();
			},
		}).then((release) => {
			secondHolds = true;
			return release;
		});

		// The second found the lock held (the line it logs then) and has not taken it.
		await waitingLine;
		expect(lines).toEqual([
			`local registry: waiting for another install (pid ${process.pid}) to finish…`,
		]);
		expect(secondHolds).toBe(false);

		releaseFirst();
		const releaseSecond = await second;
		expect(secondHolds).toBe(true);
		releaseSecond();
		expect(existsSync(lockFile)).toBe(false);
	});

	it('takes over a lock whose process is gone', async () => {
		const lockFile = path.join(dir, 'install.lock');
		// No process has pid 0x7ffffffe on Linux (its pid_max is at most 2^22).
		writeFileSync(lockFile, String(0x7ffffffe));
		const lines: string[] = [];
		const release = await acquireInstallLock(lockFile, {
			what: 'n8n runtime',
			log: (line) => lines.push(line),
		});
		expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
		expect(lines).toEqual([]);
		release();
	});
});
