import { data } from "react-router";
import type { Locale } from "../../../core/constants.ts";
import type { PackageState } from "../../../core/esim.ts";
import { PACKAGE_STATES } from "../../../core/esim.ts";
import { isEsimId } from "../../../core/ids.ts";
import type { PageList } from "../../../core/lists.ts";
import type { Services } from "../../../server/services.ts";
import type { AppLoadContext } from "../../context.ts";
import { shownPage, throughPage } from "../../lib/list-pages.ts";
import { serviceError } from "../../lib/service-error.ts";
import { requirePageCustomer } from "../account/session.server.ts";
import { ESIM_PAGE_SIZE } from "./paging.ts";

/** `?page=N`: the last page shown (0-based); the list shows pages 0..N so "Show more" and Back keep the place. */
export function shownPages(url: URL): number {
  return shownPage(url);
}

/** Pages 0..last in one query from the top, however many (ADR 0152). */
function upTo<T>(last: number, load: (query: { page: number; size: number }) => Promise<PageList<T>>) {
  return load(throughPage(last, ESIM_PAGE_SIZE));
}

export function loadEsims(services: Services, customerId: string, url: URL, locale: Locale) {
  const reads = services.esim;
  return upTo(shownPages(url), (query) => reads.listEsims(customerId, query, locale));
}

export function packageStateFilter(url: URL): PackageState | null {
  const state = url.searchParams.get("state");
  return (PACKAGE_STATES as readonly string[]).includes(state ?? "") ? (state as PackageState) : null;
}

export function loadPackages(services: Services, customerId: string, url: URL, locale: Locale) {
  const reads = services.esim;
  const state = packageStateFilter(url) ?? undefined;
  return upTo(shownPages(url), (query) => reads.listPackages(customerId, { state, ...query }, locale));
}

/** Another customer's eSIM, an unknown id or a malformed one: the 404 page, never a hint that it exists. */
export async function loadEsim(services: Services, customerId: string, id: string, locale: Locale) {
  // Anything that is not an eSIM id cannot be one of this customer's eSIMs.
  if (!isEsimId(id)) throw data(null, { status: 404 });
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
