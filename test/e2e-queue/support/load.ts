// A bounded load generator: signed Standard Webhooks deliveries, `concurrency` at a time, each
// timed, with the upstream nginx says served it (the X-Served-By header of the queue topology).
import { randomUUID } from 'node:crypto';

import { sign } from '../../../sandbox/webhooks/signing';

export interface DeliveryResult {
	status: number;
	ms: number;
	servedBy: string;
}

export interface LoadReport {
	results: DeliveryResult[];
	elapsedMs: number;
}

/** The p-th percentile (0–100) of `values`, nearest-rank. Pure. */
export function percentile(values: number[], p: number): number {
	if (values.length === 0) throw new Error('no values');
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarise(label: string, report: LoadReport): string {
	const ms = report.results.map((result) => result.ms);
	const perSecond = (report.results.length / report.elapsedMs) * 1000;
	return `${label}: ${report.results.length} deliveries in ${(report.elapsedMs / 1000).toFixed(1)} s = ${perSecond.toFixed(0)} deliveries/s, p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms`;
}

export function paymentEvent(index: number): { id: string; body: string } {
	const id = `evt_load_${randomUUID().replaceAll('-', '')}`;
	const body = JSON.stringify({
		id,
		type: 'payment.succeeded',
		created_at: new Date().toISOString(),
		data: {
			id: `pay_load_${index}`,
			student_id: 1 + (index % 100),
			amount: 1000 + index,
			currency: 'EUR',
			status: 'succeeded',
		},
	});
	return { id, body };
}

export async function sendSignedDeliveries(
	url: string,
	secret: string,
	bodies: Array<{ id: string; body: string }>,
	concurrency = 10,
): Promise<LoadReport> {
	const results: DeliveryResult[] = [];
	let next = 0;
	const started = performance.now();
	const lane = async () => {
		while (next < bodies.length) {
			const { id, body } = bodies[next++];
			const timestamp = Math.floor(Date.now() / 1000);
			const sentAt = performance.now();
			const response = await fetch(url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'webhook-id': id,
					'webhook-timestamp': String(timestamp),
					'webhook-signature': sign(secret, id, timestamp, body),
				},
				body,
				signal: AbortSignal.timeout(30_000),
			});
			await response.arrayBuffer();
			results.push({
				status: response.status,
				ms: performance.now() - sentAt,
				servedBy: response.headers.get('x-served-by') ?? 'n8n',
			});
		}
	};
	await Promise.all(Array.from({ length: concurrency }, lane));
	return { results, elapsedMs: performance.now() - started };
}
