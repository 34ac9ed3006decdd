import type { INodePropertyOptions } from 'n8n-workflow';
import type { ResourceDescriptor } from '../../../shared/resources/descriptor';
import { getManyProperties } from '../helpers/getManyParameters';
import { listRecords } from '../helpers/listPlan';

// Get Many: records matching filters, in the chosen order, paged, for every resource with a list.

/** Get Many's Operation selector entry. */
export function option(resource: ResourceDescriptor): INodePropertyOptions {
	return {
		name: 'Get Many',
		value: 'getMany',
		description: `List ${resource.plural} with filters and sort; each item is one ${resource.displayName.toLowerCase()}: ${resource.summary}`,
		action: `Get many ${resource.plural}`,
	};
}

/** Get Many's parameters (../helpers/getManyParameters.ts). */
export const description = getManyProperties;

/** The resource's records, page after page, with filters and sort (../helpers/listPlan.ts). */
export const execute = listRecords;
