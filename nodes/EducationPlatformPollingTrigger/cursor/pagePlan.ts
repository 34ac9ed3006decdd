// Pure: no n8n import. Offset pagination (`page`, `per_page`) can only start a page at a multiple
// of its size. To continue a listing right after a record already read, the next page must still
// contain that record (it proves that nothing slipped in front of the page, see cursor.ts), and
// should reach as far past it as possible.
import { ActionableError } from '../../shared/errors';

interface PagePlan {
	page: number;
	perPage: number;
	/** 0-based position of the page's first record in the listing. */
	start: number;
}

/**
 * The page that contains position `anchor` (0-based) and ends furthest after it, with at most
 * `maxPageSize` records; `anchor < 0` means the listing's first page.
 * E.g. anchor 0, size 100 → page 1 of 100 (positions 0–99); anchor 150 → page 3 of 75 (150–224);
 * anchor 99 → page 2 of 99 (99–197), since page 1 of 100 would end at the anchor itself.
 */
export function planPage(anchor: number, maxPageSize: number): PagePlan {
	if (anchor < 0) return { page: 1, perPage: maxPageSize, start: 0 };
	let best: PagePlan | undefined;
	let bestEnd = anchor;
	for (let size = maxPageSize; size >= 1; size--) {
		const start = Math.floor(anchor / size) * size;
		if (start + size - 1 > bestEnd) {
			best = { page: start / size + 1, perPage: size, start };
			bestEnd = start + size - 1;
		}
	}
	if (!best) {
		// Only possible when anchor + 1 is a multiple of every size from 2 to maxPageSize, i.e. with
		// very small page sizes (never with 100: that needs more than 10^40 equal timestamps).
		throw new ActionableError(
			`No page of at most ${maxPageSize} records continues after position ${anchor}`,
			'Use a larger page size.',
		);
	}
	return best;
}
