// Free loopback ports for servers and for each n8n process's task broker.
import { createServer } from 'node:net';

/**
 * The ports this process has handed out. The OS may offer a port again once its probe has closed,
 * before the server it was meant for binds it: a queue topology once gave its webhook process the
 * port it had picked for nginx.
 */
const handedOut = new Set<number>();

/** A port that was free a moment ago (the OS picks it), never one this process handed out before. */
export async function getFreePort(): Promise<number> {
	for (let tries = 0; tries < 100; tries++) {
		const port = await probeFreePort();
		if (!handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
	throw new Error('could not pick a free port that this process had not handed out already');
}

function probeFreePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			server.close(() => {
				if (address && typeof address === 'object') resolve(address.port);
				else reject(new Error('could not pick a free port'));
			});
		});
	});
}

/** Whether something already listens on 127.0.0.1:port. */
export function isPortInUse(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(true));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
	});
}
