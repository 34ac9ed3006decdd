// Pure: no n8n import (types only). The action node's versions, as display conditions n8n resolves from the
// node's saved `typeVersion` (every n8n this package supports, 1.85 and later, knows `@version`
// and `_cnd`). Version 2 carries the UX guideline's changes whose defaults or parameters move;
// version 1 keeps its parameters exactly, so its saved workflows run and look as they did.
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Shown from this node version on (`@version` ≥ `version`). */
export function sinceVersion(version: number): NonNullable<IDisplayOptions['show']> {
	return { '@version': [{ _cnd: { gte: version } }] };
}

/** Shown only before this node version (`@version` < `version`). */
export function beforeVersion(version: number): NonNullable<IDisplayOptions['show']> {
	return { '@version': [{ _cnd: { lt: version } }] };
}

/** The property, shown only where its own display options and `versions` (sinceVersion, beforeVersion) say. */
export function onlyIn(
	property: INodeProperties,
	versions: NonNullable<IDisplayOptions['show']>,
): INodeProperties {
	return {
		...property,
		displayOptions: {
			...property.displayOptions,
			show: { ...property.displayOptions?.show, ...versions },
		},
	};
}
