import type { IExecuteFunctions } from 'n8n-workflow';
import { webhookAddressOf } from './address';

/** This n8n's webhook address (address.ts), read from the execution's `$execution.resumeUrl`; undefined when unreadable. */
export function thisN8nWebhookAddress(
	this: IExecuteFunctions,
	itemIndex: number,
): string | undefined {
	return webhookAddressOf(this.evaluateExpression('{{ $execution.resumeUrl }}', itemIndex));
}
