/** spec 9: default list page size. */
export const ESIM_PAGE_SIZE = 20;
/** "Show more" keeps at most this many pages on one URL (200 eSIMs or packages). */
export const MAX_PAGES_SHOWN = 10;
