import * as get from '../record/get.operation';
import * as getMany from './getMany.operation';
import * as redeliver from './redeliver.operation';

/** The Operation selector's order: by name. Get is the record Get, under the delivery's subscription. */
export const operations = { get, getMany, redeliver };
