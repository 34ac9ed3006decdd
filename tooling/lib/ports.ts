// Free loopback ports for servers and for each n8n process's task broker.
import { createServer } from 'node:net';

/** A port that was free a moment ago (the OS picks it). */
export function getFreePort(): Promise<number> {
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
