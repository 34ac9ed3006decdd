// n8n's push messages to the editor, read off the page's WebSocket (n8n 2.41's default push
// backend): `{ type, data }` as JSON, text or binary. They say which execution the editor shows
// and how it ended, whichever process ran it (a worker's messages reach the editor through main).
import type { Page } from 'playwright-core';

import { eventually } from '../../e2e/support/sandboxClient';

export interface PushMessage {
	type: string;
	data: Record<string, unknown>;
}

/** An execution as the editor learnt of it: `executionStarted`, then `executionFinished`. */
export interface PushedExecution {
	executionId: string;
	mode: string;
	status: string;
}

export class PushLog {
	readonly messages: PushMessage[] = [];

	watch(page: Page): void {
		page.on('websocket', (socket) => {
			socket.on('framereceived', ({ payload }) => {
				const message = parsed(typeof payload === 'string' ? payload : payload.toString('utf8'));
				if (message) this.messages.push(message);
			});
		});
	}

	/** Where the log is now: pass it to `finishedSince` to wait for what comes after. */
	mark(): number {
		return this.messages.length;
	}

	/** The first execution that started after `mark` and has finished, once it has (the editor shows its outcome then). */
	async finishedSince(mark: number, timeoutMs: number): Promise<PushedExecution> {
		return await eventually(
			'n8n to push an execution that started and finished',
			async () => {
				const since = this.messages.slice(mark);
				const started = since.find((message) => message.type === 'executionStarted');
				if (!started) return undefined;
				const executionId = String(started.data.executionId);
				const finished = since.find(
					(message) =>
						message.type === 'executionFinished' &&
						String(message.data.executionId) === executionId,
				);
				return finished
					? { executionId, mode: String(started.data.mode), status: String(finished.data.status) }
					: undefined;
			},
			timeoutMs,
		);
	}
}

function parsed(text: string): PushMessage | undefined {
	try {
		const value = JSON.parse(text) as unknown;
		if (
			typeof value !== 'object' ||
			value === null ||
			typeof (value as PushMessage).type !== 'string'
		)
			return undefined;
		return {
			type: (value as PushMessage).type,
			data: ((value as PushMessage).data ?? {}) as Record<string, unknown>,
		};
	} catch {
		return undefined;
	}
}
