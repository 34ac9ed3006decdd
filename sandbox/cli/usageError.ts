/** A mistake in how a sandbox command was called, or a sandbox it cannot use: printed as is, without a stack. */
export class UsageError extends Error {}
