import { createServer, type Server } from 'node:net';

import { ephemeralRangeStart, getFreePort, isPortInUse } from '../../../tooling/lib/ports';

it('never hands out the same port twice, though a port may be free again once its probe closed', async () => {
	const ports: number[] = [];
	for (let i = 0; i < 300; i++) ports.push(await getFreePort());
	expect(new Set(ports).size).toBe(ports.length);
});

it('picks ports below the range the OS takes outgoing connections’ ports from, so no client can take one before its server binds it', async () => {
	const start = ephemeralRangeStart();
	const ports = await Promise.all(Array.from({ length: 50 }, () => getFreePort()));
	for (const port of ports) expect(port).toBeLessThan(start);
	expect(Math.min(...ports)).toBeGreaterThanOrEqual(10_000);
});

it('hands out a port nothing listens on', async () => {
	const port = await getFreePort();
	expect(await isPortInUse(port)).toBe(false);
	const server: Server = createServer();
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	try {
		expect(await isPortInUse(port)).toBe(true);
	} finally {
		await new Promise((resolve) => server.close(resolve));
	}
});
