// Each case starts from a quiet platform (issue 48): a case that timed out left deliveries, retries
// and runs under way, and the next case counted one of them as its own. Before a case counts, the
// platform has settled every delivery (no attempt in flight, no retry to come, none still owed) and
// n8n has finished every execution. The wait follows progress (support/progress.ts).
import type { WebhookService } from '../../../sandbox/webhooks/service';
import type { N8nRestClient } from '../../../tooling/lib/n8n-rest';
import { untilCounted } from './progress';

export interface QuietSources {
	webhooks: WebhookService;
	rest: Pick<N8nRestClient, 'unfinishedExecutions'>;
	/** Events the platform has yet to hand on (support/slowPlatform.ts). */
	owed?: () => number;
}

export async function untilQuiet({ webhooks, rest, owed = () => 0 }: QuietSources): Promise<void> {
	await untilCounted(
		"the platform's deliveries to settle and n8n's executions to finish",
		async () => {
			const deliveries = webhooks.subscriptions
				.list()
				.flatMap((subscription) => [...webhooks.deliveries(subscription.id)]);
			const settled = deliveries.filter((delivery) => delivery.status !== 'pending').length;
			const running = (await rest.unfinishedExecutions()).map((execution) => execution.id);
			const quiet = settled === deliveries.length && owed() === 0 && running.length === 0;
			const attempts = deliveries.reduce((sum, delivery) => sum + delivery.attempts.length, 0);
			return {
				seen: settled,
				of: deliveries.length + owed(),
				done: quiet ? true : undefined,
				activity: [attempts, owed(), running],
			};
		},
	);
}
