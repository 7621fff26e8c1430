import { useEffect, useMemo } from "react";
import { data, Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { DEFAULT_CHANNEL, DEFAULT_CURRENCY, type Locale } from "../../core/constants.ts";
import { translate } from "../../core/i18n/index.ts";
import { pageList } from "../../core/lists.ts";
import { splitLocale } from "../../core/locale-path.ts";
import {
  listIdentity,
  PLP_PAGE_SIZE,
  PRODUCT_QUERY_KEYS,
  type ProductQuery,
  parseProductQuery,
  productQueryParams,
} from "../../server/modules/catalog/product-query.ts";
import { Icon } from "../components/ui/Icon.tsx";
import { appContext } from "../context.ts";
import { type ApiContext, discoveryApi } from "../features/catalog/api.ts";
import { CampaignGate } from "../features/catalog/CampaignGate.tsx";
import {
  DestinationPicker,
  encodePicker,
  type PickerDestination,
} from "../features/catalog/DestinationPicker.tsx";
import { PlanCard } from "../features/catalog/PlanCard.tsx";
import { PlpFilters } from "../features/catalog/PlpFilters.tsx";
import { PRODUCT_SEARCH_PATH, useLoadMore } from "../features/catalog/use-load-more.ts";
import { rememberMarketingCode } from "../features/content-blocks/marketing-codes.ts";
import { useI18n, useRootData } from "../lib/i18n.tsx";
import { rootMessages } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/plp";

export const handle = { messages: ["discovery"] } satisfies MessagesHandle;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMessages(matches);
  const name = root?.["app.name"] ?? "eSIM";
  return [{ title: `${loaderData?.heading ?? root?.["discovery.plpTitle"] ?? ""} | ${name}` }];
}

/**
 * Issue 12 (ADR 0262): a bare type ("Countries", "Regions", "Global" and nothing else) opens the destination
 * picker instead of every plan of that type; any other parameter lists plans.
 */
function pickerType(params: URLSearchParams): ProductQuery["type"] | null {
  const keys = PRODUCT_QUERY_KEYS.filter((key) => params.has(key));
  if (keys.length !== 1 || keys[0] !== "type") return null;
  const { query } = parseProductQuery(params);
  return query.type ?? null;
}

// spec 2 /plp (cached): the loader reads the spec's parameters plus filters, checks the campaign gate
// (spec 4) and lists the first page in-process, in one indexed statement (ADR 0081).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, request: info } = context.get(appContext);
  const url = new URL(request.url);
  // A page never fails on an odd filter value: it is ignored (the API answers 400 instead).
  const { query } = parseProductQuery(url.searchParams);
  query.page = 0;
  query.size = PLP_PAGE_SIZE;
  const type = pickerType(url.searchParams);
  if (type) {
    let picker: PickerDestination[];
    try {
      picker = await services.catalog.destinationPicker(type, info.currency, info.locale);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== "catalog.currencyUnsupported") throw error;
      picker = await services.catalog.destinationPicker(type, DEFAULT_CURRENCY, info.locale);
    }
    return data({
      list: pageList([] as Awaited<ReturnType<typeof services.productList.list>>["content"], 0),
      query,
      campaignEnded: false,
      heading: translate(info.locale, "discovery.pickerTitle"),
      identity: listIdentity(url.searchParams),
      // What a tile shows, nothing more (ADR 0285): the list's type and currency are the same on every row; one
      // JSON text, not 219 objects for turbo-stream to flatten (ADR 0300).
      picker: encodePicker(picker),
    });
  }
  let campaignEnded = false;
  if (query.marketingCode) {
    const [target] = await services.productList.campaignTargets([query.marketingCode]);
    campaignEnded = !target?.showFlag;
  }
  let list = pageList([] as Awaited<ReturnType<typeof services.productList.list>>["content"], 0);
  if (!campaignEnded) {
    try {
      list = await services.productList.list(query, info.currency, info.locale);
    } catch (error) {
      // An unsupported currency cookie falls back to the site's default, as the root loader does.
      // (By its code: the server bundle and the services each load their own copy of the error class.)
      if ((error as { code?: unknown } | null)?.code !== "catalog.currencyUnsupported") throw error;
      list = await services.productList.list(query, DEFAULT_CURRENCY, info.locale);
    }
  }
  const heading = plpHeading(info.locale, query, list.content);
  return data({
    list,
    query,
    campaignEnded,
    heading,
    identity: listIdentity(url.searchParams),
    picker: null as string | null,
  });
}

/**
 * Issue 30: a search typed as a destination's code ("JP") whose best match is that destination is named in the
 * shopper's language, from the list's own rows ("日本 eSIM 流量套餐", not "“JP”的搜索结果").
 */
function plpHeading(
  locale: Locale,
  query: ProductQuery,
  rows: readonly { destinationCode: string; entityName: string }[],
): string {
  const name = query.categoryName ?? query.hitName;
  const typed = query.keyword ?? query.search;
  if (name) return translate(locale, "discovery.plpTitleFor", { name });
  const destination = rows[0];
  if (typed && destination && destination.destinationCode.toUpperCase() === typed.toUpperCase())
    return translate(locale, "discovery.plpTitleFor", { name: destination.entityName });
  if (typed) return translate(locale, "discovery.plpResultsFor", { keyword: typed });
  return translate(locale, "discovery.plpTitle");
}

/** spec 2: the list reloads when any parameter except the visible flag and the search dialog changes. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  return listIdentity(currentUrl.searchParams) !== listIdentity(nextUrl.searchParams);
}

type PlpData = Awaited<ReturnType<typeof loader>>["data"];
/** The list on screen and the headers its API calls carry, for client-side reloads. */
let shown: PlpData | null = null;
let shownWith: ApiContext | null = null;

/**
 * In the browser a reload asks the same public API as load-more (spec 7, through the HTTP client and its spec 8
 * handling). spec 8: a failed reload keeps the previous list; the client has already shown the toast or dialog.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<PlpData> {
  const url = new URL(request.url);
  // The destination picker has no public API of its own: the server's loader answers it.
  if (pickerType(url.searchParams)) return (await serverLoader()) as PlpData;
  const { locale } = splitLocale(url.pathname);
  const { query } = parseProductQuery(url.searchParams);
  query.page = 0;
  query.size = PLP_PAGE_SIZE;
  const api = discoveryApi({
    locale,
    currency: url.searchParams.get("currency")?.toUpperCase() ?? shownWith?.currency ?? DEFAULT_CURRENCY,
    channel: shownWith?.channel ?? DEFAULT_CHANNEL,
  });
  try {
    let campaignEnded = false;
    if (query.marketingCode) {
      const { targetList } = await api.post<{ targetList: { showFlag: boolean }[] }>(
        "/o2pcm/v1/query-target-info",
        { codes: [query.marketingCode] },
      );
      campaignEnded = !targetList[0]?.showFlag;
    }
    const list = campaignEnded
      ? pageList([] as PlpData["list"]["content"], 0)
      : await api.list<PlpData["list"]>(PRODUCT_SEARCH_PATH, { data: productQueryParams(query) });
    return {
      list,
      query,
      campaignEnded,
      heading: plpHeading(locale, query, list.content),
      identity: listIdentity(url.searchParams),
      picker: null,
    };
  } catch (error) {
    if (shown) return shown;
    throw error;
  }
}

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { currency, channel } = useRootData();
  const [searchParams] = useSearchParams();
  const api = useMemo(
    () => discoveryApi({ locale, currency: currency.currencyCode, channel }),
    [locale, currency.currencyCode, channel],
  );
  // The load-more request repeats the page's own list parameters.
  const listParams = useMemo(() => new URLSearchParams(loaderData.identity), [loaderData.identity]);
  const { items, total, loading, noMore, loadMore } = useLoadMore(loaderData.list, listParams, api);
  // spec 3/4: a live campaign the shopper entered unlocks its custom title container on content pages.
  useEffect(() => {
    if (loaderData.query.marketingCode && !loaderData.campaignEnded) {
      rememberMarketingCode(loaderData.query.marketingCode);
    }
  }, [loaderData.query.marketingCode, loaderData.campaignEnded]);
  useEffect(() => {
    shown = loaderData;
    shownWith = { locale, currency: currency.currencyCode, channel };
  }, [loaderData, locale, currency.currencyCode, channel]);

  // ADR 0162: searching again opens the overlay over this list (searchDialog, which never reloads it), so
  // closing it comes back to the same plans.
  const searchAgain = new URLSearchParams(searchParams);
  searchAgain.set("searchDialog", "true");

  return (
    <div className="mx-auto max-w-[1300px] px-4 py-6 md:px-6 md:py-10">
      <CampaignGate ended={loaderData.campaignEnded} />
      <Link
        to={{ search: `?${searchAgain}` }}
        preventScrollReset
        className="mb-4 flex w-full max-w-md items-center gap-2 rounded-full border border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-700 hover:border-slate-500"
      >
        <Icon name="search" className="size-5 shrink-0 text-slate-600" />
        {t("discovery.searchLabel")}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{loaderData.heading}</h1>
      {loaderData.picker ? (
        <DestinationPicker
          encoded={loaderData.picker}
          allPlansTo={`/plp?${new URLSearchParams({ type: loaderData.query.type ?? "COUNTRY", sort: "recommended" })}`}
        />
      ) : (
        <PlanList
          loaderData={loaderData}
          searchParams={searchParams}
          items={items}
          total={total}
          loading={loading}
          noMore={noMore}
          loadMore={loadMore}
        />
      )}
    </div>
  );
}

function PlanList({
  loaderData,
  searchParams,
  items,
  total,
  loading,
  noMore,
  loadMore,
}: {
  loaderData: PlpData;
  searchParams: URLSearchParams;
  items: PlpData["list"]["content"];
  total: number;
  loading: boolean;
  noMore: boolean;
  loadMore: () => Promise<void> | void;
}) {
  const { t } = useI18n();
  return (
    <>
      <p className="mt-1 text-sm text-slate-700" aria-live="polite">
        {t("discovery.plpCount", { count: total })}
      </p>
      <div className="mt-6">
        <PlpFilters query={loaderData.query} params={searchParams} total={total} />
      </div>
      {items.length === 0 ? (
        <p className="mt-12 text-center text-slate-700">{t("discovery.noPlans")}</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy={loading}>
          {items.map((plan) => (
            <li key={plan.platformProductCode} className="relative">
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <div className="mt-8 text-center text-sm text-slate-700">
          {noMore ? (
            <p>{t("common.allLoaded")}</p>
          ) : loading ? (
            <p role="status">{t("common.dataLoading")}</p>
          ) : (
            <button
              type="button"
              onClick={() => void loadMore()}
              className="rounded-full border border-slate-300 px-5 py-2 font-medium text-slate-800 hover:bg-slate-100"
            >
              {t("discovery.loadMore")}
            </button>
          )}
        </div>
      )}
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
