// Pure: no n8n import. What Check Triggers does about an orphan (a subscription to this n8n's
// production trigger URL of no active trigger in the input): it deletes one only on proof that does
// not depend on the input being complete (refusalProof.ts), else keeps it and says why
// (docs/trigger-guarantees.md, "What the watchdog deletes, and on what proof").
import { quoted } from '../../../../shared/errors';
import type { JsonRecord } from '../../../../shared/jsonRecord';
import { describeProof, REFUSED_ATTEMPTS_NEEDED, type RefusalProof } from './refusalProof';
import { FAILED } from './triggerCheckItems';
import { eventsOf, type Orphan } from './triggerVerdicts';
import { type CheckAction } from './checkActions';

/** More orphans with the proof than this in one run points at something other than left-overs: none is deleted. */
const MAX_DELETIONS_PER_RUN = 5;

/** Why an orphan was kept, in the order they are checked. */
export type KeptBecause =
	| 'option_off'
	| 'owner'
	| 'partial'
	| 'watchdog_not_listed'
	| 'no_proof'
	| 'not_served_meanwhile'
	| 'answered_now'
	| 'over_cap';

/** What the input tells about itself (readWorkflows', and whether it lists the watchdog's own workflow). */
export interface InputChecks {
	deleteOrphans: boolean;
	/** readWorkflows' `partial`: the first active 2.x workflow without its published version. */
	partial: number | undefined;
	/** The ID of the workflow Check Triggers runs in; undefined when it has none (never saved). */
	watchdogId: string | undefined;
	/** Whether an input item is that workflow. */
	watchdogListed: boolean;
}

/** Why the input alone keeps `orphan`, or undefined when only the platform's proof is missing. */
export function keptByInput(orphan: Orphan, input: InputChecks): KeptBecause | undefined {
	if (!input.deleteOrphans) return 'option_off';
	if (orphan.owner !== null) return 'owner';
	if (input.partial !== undefined) return 'partial';
	if (!input.watchdogListed) return 'watchdog_not_listed';
	return undefined;
}

/** What was done about an orphan. `proof`: the log's, when read; `error`: why a read or the delete failed. */
export interface OrphanOutcome {
	orphan: Orphan;
	action: CheckAction;
	keptBecause?: KeptBecause;
	proof?: RefusalProof;
	error?: string;
	/** What its URL answered now, when that kept it. */
	answeredNow?: string;
}

/**
 * What an orphan's log showed: its refusals (refusalProof), with `served` when confirmed; `error`
 * when it could not be read; `now`: what an unsigned request to its URL got just before the
 * delete, asked only of a confirmed proof (refused: n8n's own "not registered").
 */
export interface LogReading {
	proof?: RefusalProof;
	error?: string;
	now?: { refused: boolean; answer: string };
}

/**
 * The plan for every orphan: `deleted` for those the input does not keep and the log proves
 * refused while n8n served its other triggers, unless more than MAX_DELETIONS_PER_RUN are: then
 * all are kept. `proofs` holds, by subscription ID, what the log of each orphan keptByInput let
 * through showed (an `error` when it could not be read: no proof).
 */
export function planOrphans(
	orphans: readonly Orphan[],
	input: InputChecks,
	proofs: ReadonlyMap<string, LogReading>,
): OrphanOutcome[] {
	const planned = orphans.map((orphan): OrphanOutcome => {
		const kept = keptByInput(orphan, input);
		if (kept !== undefined)
			return { orphan, action: kept === 'option_off' ? 'none' : 'kept', keptBecause: kept };
		const { proof, error, now } = proofs.get(orphan.subscription.id) ?? {};
		if (proof === undefined)
			return {
				orphan,
				action: 'kept',
				keptBecause: 'no_proof',
				...(error === undefined ? {} : { error }),
			};
		if (proof.served === undefined)
			return { orphan, action: 'kept', keptBecause: 'not_served_meanwhile', proof };
		if (now?.refused !== true)
			return {
				orphan,
				action: 'kept',
				keptBecause: 'answered_now',
				proof,
				answeredNow: now?.answer ?? 'not asked',
			};
		return { orphan, action: 'deleted', proof };
	});
	const proven = planned.filter((outcome) => outcome.action === 'deleted').length;
	if (proven <= MAX_DELETIONS_PER_RUN) return planned;
	return planned.map((outcome) =>
		outcome.action === 'deleted'
			? { ...outcome, action: 'kept', keptBecause: 'over_cap' }
			: outcome,
	);
}

function keptNote(outcome: OrphanOutcome, input: InputChecks, proven: number): string {
	switch (outcome.keptBecause) {
		case 'option_off':
			return 'Delete Orphaned Subscriptions is off, so it was kept.';
		case 'owner':
			return `It was kept: workflow ${quoted(outcome.orphan.owner)} still names this URL, so unpublish it there, or delete the subscription in the platform's dashboard.`;
		case 'partial':
			return `It was kept: Input item ${(input.partial ?? 0) + 1} is an active n8n 2.x workflow without its published version (activeVersion), so the input is not the n8n node's full workflow records and may leave out the workflow this subscription belongs to.`;
		case 'watchdog_not_listed':
			return `It was kept: the input does not list this workflow itself${input.watchdogId === undefined ? ' (it has no ID: save it)' : ` (ID ${quoted(input.watchdogId)})`}, so it may not be all of this n8n's workflows (Return All off, a filter, an API key that sees only some projects, another n8n) and may leave out the workflow this subscription belongs to.`;
		case 'not_served_meanwhile':
			return `It was kept: its refusals (${describeProof(outcome.proof!)}) may have come from something in front of n8n, such as a proxy while n8n was down, since no other trigger subscription of this n8n was answered meanwhile. It is deleted at a run after another trigger receives an event while this URL is still refused.`;
		case 'answered_now':
			return `It was kept: its delivery log shows n8n refusing it (${describeProof(outcome.proof!)}), but a request to its URL just now did not get n8n's own "not registered" answer (${outcome.answeredNow}), so a workflow may serve it again. It is deleted at a run where n8n still refuses its URL.`;
		case 'over_cap':
			return `It was kept: ${proven} orphans have the platform's proof, more than the ${MAX_DELETIONS_PER_RUN} one run deletes, which points at a wrong input or a moved n8n rather than left-overs. Check them, then delete them in the platform's dashboard or with Webhook Subscription → Delete.`;
		default:
			return `It was kept: the platform's delivery log does not show n8n refusing it lately (404 to attempts 1 to ${REFUSED_ATTEMPTS_NEEDED} of one event and to every attempt since, over 5 minutes or more, the last within the past hour, all since the subscription last changed), so its workflow may still be live${outcome.error === undefined ? '' : ' (the log could not be read: see error)'}. It is deleted at a run after n8n has refused an event for it for 5 minutes while another of its triggers received one.`;
	}
}

function actionNote(outcome: OrphanOutcome, input: InputChecks, proven: number): string {
	if (outcome.action === 'deleted') return `It was deleted: ${describeProof(outcome.proof!)}.`;
	if (outcome.action === 'failed') return FAILED;
	return keptNote(outcome, input, proven);
}

/** One output item per orphan. */
export function orphanItems(outcomes: readonly OrphanOutcome[], input: InputChecks): JsonRecord[] {
	const proven = outcomes.filter((outcome) => outcome.proof?.served !== undefined).length;
	return outcomes.map((outcome) => {
		const {
			orphan: { subscription, webhookId, owner },
			action,
			proof,
			error,
		} = outcome;
		const which =
			owner === null
				? 'which no input workflow has (the workflow was deleted without n8n removing its subscription, or the package was uninstalled)'
				: `which workflow ${quoted(owner)} has but does not run (inactive, a disabled node or an unpublished draft)`;
		return {
			check: 'orphan',
			state: 'orphaned',
			action,
			webhook_subscription_id: subscription.id,
			url: subscription.url ?? null,
			description: subscription.description ?? null,
			events: eventsOf(subscription),
			enabled: subscription.enabled !== false,
			owner,
			proof: proof?.served === undefined ? null : describeProof(proof),
			note: `It delivers to this n8n's webhook URL of trigger node ${quoted(webhookId)}, ${which}. ${actionNote(outcome, input, proven)}`,
			...(error === undefined ? {} : { error }),
		};
	});
}
