import { LIST_PAGE_SIZE } from "../../lib/list-pages.ts";

/** spec 9: default list page size (eSIMs and purchased packages; ADR 0152). */
export const ESIM_PAGE_SIZE = LIST_PAGE_SIZE;
