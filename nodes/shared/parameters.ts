// Pure: no n8n import. Checks of parameter values the editor cannot enforce (an expression can
// yield anything), with a message that names the parameter and what it takes.
import { ActionableError } from './errors';

/** `value` as a whole number from `min` (to `max`), or an ActionableError naming `label`. */
export function wholeNumber(value: unknown, label: string, min: number, max?: number): number {
	const number = Number(value);
	if (!Number.isInteger(number) || number < min || (max !== undefined && number > max)) {
		const range = max === undefined ? `at least ${min}` : `from ${min} to ${max}`;
		throw new ActionableError(
			`${label} is ${String(value)}, it must be a whole number ${range}`,
			`Set ${label} to a whole number ${range}.`,
		);
	}
	return number;
}
