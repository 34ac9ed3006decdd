import { NodeOperationError } from 'n8n-workflow';
import { isJsonRecord } from '../../../shared/jsonRecord';
import { deliversTo, thisN8nWebhookAddress } from '../../../shared/thisN8n/address';
import { runsAsTool } from '../helpers/aiTool';
import type { ItemOperation } from '../helpers/operation';

/** What an AI model reads of Get and Get Many (../helpers/toolDescription.ts). */
const TOOL_SENTENCE =
	'It shows only subscriptions that deliver to this n8n (delivers_to_this_n8n: true).';

/**
 * Webhook Subscription's Get or Get Many: the record's operation (only the contract's fields, the
 * descriptor's outputFields) with
 * `delivers_to_this_n8n` added after them on every record, the simplified ones included: judged on
 * the whole record, before Simplify or Output can drop its URL. An AI agent's tool sees only this
 * n8n's subscriptions: another integration's URL can carry its token, and anyone with the
 * dashboard writes a description, which a model would read as instructions.
 */
export function withDeliversToThisN8n<T extends Pick<ItemOperation, 'execute'>>(
	operation: T,
	{ one }: { one: boolean },
): T & { toolSentence: string } {
	const execute: ItemOperation['execute'] = async function (resource, itemIndex) {
		const address = thisN8nWebhookAddress.call(this, itemIndex);
		const ours = new Map<unknown, boolean>();
		const judged = (record: unknown) => {
			const fields = resource.outputFields ? resource.outputFields(record) : record;
			if (isJsonRecord(fields)) ours.set(fields.id, deliversTo(address, fields.url));
			return fields;
		};
		const records = await operation.execute.call(
			this,
			{ ...resource, outputFields: judged },
			itemIndex,
		);
		const withMark = records.map((record) => ({
			...record,
			delivers_to_this_n8n: ours.get(record.id) === true,
		}));
		if (!runsAsTool(this.getNode())) return withMark;
		const shown = withMark.filter((record) => record.delivers_to_this_n8n);
		if (one && shown.length === 0) {
			throw new NodeOperationError(
				this.getNode(),
				`Subscription ${String(records[0]?.id ?? '')} does not deliver to this n8n, so it is not shown`,
				{
					description: `As an AI agent's tool, Get ${TOOL_SENTENCE.replace(/^It /, '')}`,
					itemIndex,
				},
			);
		}
		return shown;
	};
	return { ...operation, execute, toolSentence: TOOL_SENTENCE };
}
