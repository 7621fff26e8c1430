import { data } from "react-router";
import type { Locale } from "../../../core/constants.ts";
import type { PackageState } from "../../../core/esim.ts";
import { PACKAGE_STATES } from "../../../core/esim.ts";
import { type PageList, pageList } from "../../../core/lists.ts";
import type { Services } from "../../../server/services.ts";
import type { AppLoadContext } from "../../context.ts";
import { serviceError } from "../../lib/service-error.ts";
import { requirePageCustomer } from "../account/session.server.ts";
import { ESIM_PAGE_SIZE, MAX_PAGES_SHOWN } from "./paging.ts";

/** `?page=N`: the last page shown (0-based); the list shows pages 0..N so "Show more" and Back keep the place. */
export function shownPages(url: URL): number {
  const raw = Number(url.searchParams.get("page") ?? "0");
  return Number.isInteger(raw) ? Math.min(Math.max(raw, 0), MAX_PAGES_SHOWN - 1) : 0;
}

async function upTo<T>(last: number, load: (page: number) => Promise<PageList<T>>): Promise<PageList<T>> {
  const pages = await Promise.all(Array.from({ length: last + 1 }, (_, page) => load(page)));
  const total = pages[0]?.totalElements ?? 0;
  return pageList(
    pages.flatMap((page) => page.content),
    total,
  );
}

export function loadEsims(services: Services, customerId: string, url: URL, locale: Locale) {
  const reads = services.esim;
  return upTo(shownPages(url), (page) => reads.listEsims(customerId, { page, size: ESIM_PAGE_SIZE }, locale));
}

export function packageStateFilter(url: URL): PackageState | null {
  const state = url.searchParams.get("state");
  return (PACKAGE_STATES as readonly string[]).includes(state ?? "") ? (state as PackageState) : null;
}

export function loadPackages(services: Services, customerId: string, url: URL, locale: Locale) {
  const reads = services.esim;
  const state = packageStateFilter(url) ?? undefined;
  return upTo(shownPages(url), (page) =>
    reads.listPackages(customerId, { state, page, size: ESIM_PAGE_SIZE }, locale),
  );
}

/** Another customer's eSIM, an unknown id or a malformed one: the 404 page, never a hint that it exists. */
export async function loadEsim(services: Services, customerId: string, id: string, locale: Locale) {
  // eSIM ids are UUIDs (the API's EsimIdParam); anything else cannot be one of them.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw data(null, { status: 404 });
  try {
    return await services.esim.getEsim(customerId, id, locale);
  } catch (error) {
    const status = serviceError(error)?.status;
    if (status === 404 || status === 400) throw data(null, { status: 404 });
    throw error;
  }
}

/** The loader both purchased pages share (/my/purchased, /ucenter/purchased). */
export async function loadPurchasedPage(app: AppLoadContext, request: Request, url: URL) {
  const customer = await requirePageCustomer(app, request, url);
  const list = await loadPackages(app.services, customer.id, url, app.request.locale);
  return { list, state: packageStateFilter(url) };
}
