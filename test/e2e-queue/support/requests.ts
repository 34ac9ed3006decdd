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

type Answered = { method: string; path: string; then: () => void };

export class RequestWatch {
	readonly requests: SeenRequest[] = [];
	private readonly onAnswer: Answered[] = [];
	private readonly listener = (request: IncomingMessage, response: ServerResponse) => {
		const seen: SeenRequest = { method: request.method ?? 'GET', path: (request.url ?? '/').split('?')[0], arrivedAt: Date.now() };
		this.requests.push(seen);
		response.once('close', () => (seen.endedAt = Date.now()));
		response.once('finish', () => {
			const index = this.onAnswer.findIndex((hook) => hook.method === seen.method && hook.path === seen.path);
			if (index >= 0) this.onAnswer.splice(index, 1)[0].then();
		});
	};

	constructor(private readonly server: Server) {
		server.on('request', this.listener);
	}

	/** Requests to `method path` that arrived at or after `since` (Date.now()). */
	of(method: string, path: string, since = 0): SeenRequest[] {
		return this.requests.filter((r) => r.method === method && r.path === path && r.arrivedAt >= since);
	}

	/** The ones of those still unanswered. */
	inFlight(method: string, path: string, since = 0): SeenRequest[] {
		return this.of(method, path, since).filter((r) => r.endedAt === undefined);
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
