/**
 * "Show more" lists whose position is the address (ADR 0152): `?page=N` is the last page shown (0-based) and the
 * page lists pages 0..N, read in one query from the top. Back from a detail and a reload therefore show the same
 * items, and a row added meanwhile shifts the list without repeating or skipping one on screen.
 */

/** spec 9: default list page size. */
export const LIST_PAGE_SIZE = 20;

/**
 * The highest `?page=` read, the same bound the API puts on `page` (core/list-query.ts PageQuery). It only keeps a
 * forged address from asking for a silly limit: the query returns at most the customer's own rows.
 */
export const MAX_LIST_PAGE = 10_000;

/** `?page=N` from the address: an integer in 0..MAX_LIST_PAGE, else 0. */
export function shownPage(url: URL): number {
  const raw = url.searchParams.get("page");
  const page = raw === null || raw === "" ? 0 : Number(raw);
  return Number.isInteger(page) ? Math.min(Math.max(page, 0), MAX_LIST_PAGE) : 0;
}

/** Pages 0..last as one page-mode query: page 0 of (last + 1) pages' rows. */
export function throughPage(last: number, size = LIST_PAGE_SIZE): { page: 0; size: number } {
  return { page: 0, size: (last + 1) * size };
}

/** The page a "Show more" link asks for, from how many rows are on screen (not from the address, which may lie). */
export function nextPage(shown: number, size = LIST_PAGE_SIZE): number {
  return Math.ceil(shown / size);
}
