// Free loopback ports for servers and for each n8n process's task broker.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The ports this process has handed out. The OS may offer a port again once its probe has closed,
 * before the server it was meant for binds it: a queue topology once gave its webhook process the
 * port it had picked for nginx.
 */
const handedOut = new Set<number>();

/** The lowest port picked: above the well-known and most registered services' ports. */
const LOWEST = 10_000;

/**
 * Where the OS takes the source ports of outgoing connections from (Linux: ip_local_port_range;
 * elsewhere IANA's 49152 and up, and Linux's default 32768). A port picked in that range may be
 * taken by any outgoing connection before the server binds it: a CI run's worker once found its
 * health-check port taken while the other lanes were installing and downloading.
 */
export function ephemeralRangeStart(): number {
	try {
		const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
			.trim()
			.split(/\s+/)
			.map(Number);
		if (Number.isInteger(low) && low > LOWEST + 1_000) return low;
	} catch {
		// Not Linux: the lower of the common defaults.
	}
	return 32_768;
}

/**
 * A port that was free a moment ago, picked at random below the OS's range for outgoing
 * connections (so only another server can take it), never one this process handed out before.
 */
export async function getFreePort(): Promise<number> {
	const highest = ephemeralRangeStart() - 1;
	for (let tries = 0; tries < 200; tries++) {
		const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
		if (handedOut.has(port)) continue;
		const inUse = await isPortInUse(port);
		// A concurrent call may have handed it out while this one probed.
		if (inUse || handedOut.has(port)) continue;
		handedOut.add(port);
		return port;
	}
	throw new Error(`could not find a free port between ${LOWEST} and ${highest}`);
}

/** Whether something already listens on 127.0.0.1:port. */
export function isPortInUse(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(true));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
	});
}
