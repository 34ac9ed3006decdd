import * as get from './get.operation';
import * as getMany from './getMany.operation';

/**
 * The operations of a resource that offers only reading its records (students, enrollments,
 * payments, exam results, and any resource added to the catalog without a folder here), in the
 * Operation selector's order: by name, as n8n's linter wants.
 */
export const operations = { get, getMany };
