// What the platform is serving: every request the sandbox receives (its method, path, when it
// arrived and when its answer went out or its connection closed), read off the sandbox's HTTP
// server. The multi-main suite kills the leader while one of its requests is still unanswered.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface SeenRequest {
	method: string;
	path: string;
	arrivedAt: number;
	/** When the answer was sent or the connection closed; undefined while it is in flight. */
	endedAt?: number;
}

type Hook = { method: string; path: string; then: () => void };

/** Runs and removes the first of `hooks` for `seen`'s method and path. */
function runHook(hooks: Hook[], seen: SeenRequest): void {
	const index = hooks.findIndex((hook) => hook.method === seen.method && hook.path === seen.path);
	if (index >= 0) hooks.splice(index, 1)[0].then();
}

export class RequestWatch {
	readonly requests: SeenRequest[] = [];
	private readonly onArrival: Hook[] = [];
	private readonly onAnswer: Hook[] = [];
	private readonly listener = (request: IncomingMessage, response: ServerResponse) => {
		const seen: SeenRequest = {
			method: request.method ?? 'GET',
			path: (request.url ?? '/').split('?')[0],
			arrivedAt: Date.now(),
		};
		this.requests.push(seen);
		runHook(this.onArrival, seen);
		response.once('close', () => (seen.endedAt = Date.now()));
		response.once('finish', () => runHook(this.onAnswer, seen));
	};

	constructor(private readonly server: Server) {
		server.on('request', this.listener);
	}

	/** Requests to `method path` that arrived at or after `since` (Date.now()). */
	of(method: string, path: string, since = 0): SeenRequest[] {
		return this.requests.filter(
			(r) => r.method === method && r.path === path && r.arrivedAt >= since,
		);
	}

	/** The ones of those still unanswered. */
	inFlight(method: string, path: string, since = 0): SeenRequest[] {
		return this.of(method, path, since).filter((r) => r.endedAt === undefined);
	}

	/** Runs `then` the moment the next `method path` request arrives, before the platform has read its body or acted on it. */
	whenArrived(method: string, path: string, then: () => void): void {
		this.onArrival.push({ method, path, then });
	}

	/**
	 * Runs `then` the moment the platform has sent its answer to the next `method path` request, in
	 * the same turn (before the caller can have read it): a SIGKILL sent there kills n8n after the
	 * platform acted and before n8n knows.
	 */
	whenAnswered(method: string, path: string, then: () => void): void {
		this.onAnswer.push({ method, path, then });
	}

	stop(): void {
		this.server.off('request', this.listener);
	}
}
