import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ComponentAction, PageComponent } from "../../../../db/schema/content-document.ts";
import {
  pageSizeOf,
  productListRecommendCode,
  stringList,
  tabsOf,
} from "../../../../server/modules/content/product-source.ts";
import type { BlockProduct, NoteView } from "../../../../server/modules/content/types.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { useContentApi } from "../api.ts";
import { BlockLink } from "../BlockLink.tsx";
import { type BlockProps, str } from "../block-props.ts";
import { useBlockData } from "../page-context.tsx";
import { NoteCards } from "./feeds.tsx";
import { BELOW_TOP_BAR } from "./layout.tsx";
import { ProductCard } from "./ProductCard.tsx";
import { TabList } from "./TabList.tsx";

/** spec 9: load more within 20 px of the bottom. */
export const BOTTOM_THRESHOLD_PX = 20;

interface ListTexts {
  noData: string;
  noMore: string;
  loading: string;
}

/** spec 4 per-tab list state. */
interface TabListState {
  products: BlockProduct[];
  page: number;
  total: number;
  maxScore: number | undefined;
  noMore: boolean;
  loading: boolean;
}

function ListStatus({
  state,
  texts,
}: {
  state: { loading: boolean; noMore: boolean; empty: boolean };
  texts: ListTexts;
}) {
  const text = state.loading
    ? texts.loading
    : state.noMore
      ? state.empty
        ? texts.noData
        : texts.noMore
      : "";
  return (
    <p
      className="py-4 text-center text-sm text-slate-700"
      role="status"
      data-list-status={state.loading ? "loading" : state.noMore ? (state.empty ? "empty" : "done") : "idle"}
    >
      {text}
    </p>
  );
}

/** Calls onReach when the sentinel comes within 20 px of the viewport's bottom. */
function BottomSentinel({ onReach, active }: { onReach: () => void; active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const reach = useRef(onReach);
  reach.current = onReach;
  useEffect(() => {
    const element = ref.current;
    if (!element || !active || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach.current();
      },
      { rootMargin: `0px 0px ${BOTTOM_THRESHOLD_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return <div ref={ref} aria-hidden="true" className="h-px" data-sentinel />;
}

/** A product list inside a tab: score-mode pages through the recommend API, loading more at the bottom. */
function TabProductList({
  component,
  initial,
  texts,
  bounded,
}: {
  component: PageComponent;
  initial: { products: BlockProduct[]; count: number } | undefined;
  texts: ListTexts;
  /** Inside tabs (issue 12, ADR 0261): one page and "See all", so the page ends. */
  bounded: boolean;
}) {
  const { t } = useI18n();
  const api = useContentApi();
  const recommendCode = productListRecommendCode(component.data);
  const size = pageSizeOf(component.data);
  const seeded = (list: { products: BlockProduct[]; count: number }): TabListState => ({
    products: list.products,
    page: 1,
    total: list.count,
    maxScore: list.products.at(-1)?.score,
    noMore: list.products.length >= list.count || list.products.length < size,
    loading: false,
  });
  const [state, setState] = useState<TabListState>(() =>
    initial
      ? seeded(initial)
      : {
          products: [],
          page: 0,
          total: 0,
          maxScore: undefined,
          noMore: !recommendCode,
          loading: Boolean(recommendCode),
        },
  );
  const busy = useRef(false);
  const failed = useRef(false);

  const load = useCallback(
    async (more: boolean) => {
      if (!recommendCode || busy.current || failed.current) return;
      busy.current = true;
      setState((s) => ({ ...s, loading: true }));
      try {
        const maxScore = more ? state.maxScore : undefined;
        const list = await api.recommend({
          recommendCode,
          size,
          ...(maxScore !== undefined ? { maxScore } : {}),
        });
        setState((s) => {
          const products = more ? [...s.products, ...list.data] : list.data;
          return {
            products,
            page: (more ? s.page : 0) + 1,
            total: list.count,
            maxScore: list.data.at(-1)?.score ?? s.maxScore,
            // spec 4: no more once the loaded count reaches the total (or a page came back short).
            noMore: products.length >= list.count || list.data.length < size,
            loading: false,
          };
        });
      } catch {
        // spec 8: a tab's product fetch failure is silently ignored; the list keeps what it has.
        failed.current = true;
        setState((s) => ({ ...s, loading: false }));
      } finally {
        busy.current = false;
      }
    },
    [api, recommendCode, size, state.maxScore],
  );

  // First activation of a lazily loaded tab: the first page. Once per mount: a tab mounts on its first
  // activation and then stays mounted.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || initial) return;
    started.current = true;
    void load(false);
  }, [initial, load]);

  const seeAll = seeAllAction(component.data);
  return (
    <div data-tab-list={recommendCode ?? ""}>
      <ul className={`grid grid-cols-2 gap-3 ${bounded ? "md:grid-cols-3" : "md:grid-cols-5"}`}>
        {state.products.map((product) => (
          <li key={product.platformProductCode}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      {bounded ? (
        <>
          {state.products.length === 0 && (
            <ListStatus
              state={{ loading: state.loading, noMore: !state.loading, empty: true }}
              texts={texts}
            />
          )}
          {seeAll && state.products.length > 0 && (
            <p className="mt-4 text-center" data-see-all>
              <BlockLink
                action={seeAll}
                className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-5 text-sm font-semibold text-brand-700 hover:bg-slate-100"
              >
                {t("content.tabs.seeAll")}
              </BlockLink>
            </p>
          )}
        </>
      ) : (
        <>
          <BottomSentinel active={!state.noMore && !state.loading} onReach={() => void load(true)} />
          <ListStatus
            state={{ loading: state.loading, noMore: state.noMore, empty: state.products.length === 0 }}
            texts={texts}
          />
        </>
      )}
    </div>
  );
}

/** Where a bounded list's "See all" goes: the full list of the same plans (the PLP action of spec 3). */
function seeAllAction(data: Record<string, unknown>): ComponentAction | null {
  if (data.source === "destinationType" && typeof data.destinationType === "string")
    return { code: "PLP", data: { type: data.destinationType } };
  if (data.source === "category" && typeof data.categoryCode === "string")
    return { code: "PLP", data: { categoryCode: data.categoryCode } };
  return null;
}

function TabNoteList({
  component,
  initial,
  texts,
}: {
  component: PageComponent;
  initial: NoteView[] | undefined;
  texts: ListTexts;
}) {
  const api = useContentApi();
  const [notes, setNotes] = useState<NoteView[] | null>(initial ?? null);
  useEffect(() => {
    if (initial) return;
    const codes = stringList(component.data.noteInfoCodes);
    const controller = new AbortController();
    api
      .notes(codes, controller.signal)
      .then((byCode) => setNotes(codes.flatMap((code) => (byCode[code] ? [byCode[code]] : []))))
      .catch(() => setNotes([]));
    return () => controller.abort();
  }, [api, component.data.noteInfoCodes, initial]);
  return (
    <div>
      {notes && <NoteCards notes={notes} />}
      <ListStatus
        state={{ loading: notes === null, noMore: notes !== null, empty: notes?.length === 0 }}
        texts={texts}
      />
    </div>
  );
}

/** The first tab's lists come resolved with the page; this reads them (suspending while they stream in). */
function FirstTabChild({
  child,
  texts,
  renderComponent,
  bounded,
}: {
  child: PageComponent;
  texts: ListTexts;
  renderComponent: BlockProps["renderComponent"];
  bounded: boolean;
}) {
  const products = useBlockData(child.componentId, "products");
  const notes = useBlockData(child.componentId, "notes");
  if (child.componentCode === "ProductList")
    return <TabProductList component={child} initial={products} texts={texts} bounded={bounded} />;
  if (child.componentCode === "NoteList")
    return <TabNoteList component={child} initial={notes?.notes} texts={texts} />;
  return <>{renderComponent(child)}</>;
}

function TabChild({
  child,
  texts,
  renderComponent,
}: {
  child: PageComponent;
  texts: ListTexts;
  renderComponent: BlockProps["renderComponent"];
}) {
  if (child.componentCode === "ProductList")
    return <TabProductList component={child} initial={undefined} texts={texts} bounded />;
  if (child.componentCode === "NoteList")
    return <TabNoteList component={child} initial={undefined} texts={texts} />;
  return <>{renderComponent(child)}</>;
}

/** An element's top in page coordinates. */
function topOf(element: HTMLElement | null): number {
  return element ? element.getBoundingClientRect().top + window.scrollY : 0;
}

function TabsBlock({ component, renderComponent, vertical }: BlockProps & { vertical: boolean }) {
  const { t } = useI18n();
  const tabs = tabsOf(component.data);
  const sticky = component.data.sticky === true;
  const custom = (component.data.texts ?? {}) as Record<string, unknown>;
  const texts: ListTexts = {
    noData: str(custom.noData) || t("common.noData"),
    noMore: str(custom.noMore) || t("common.allLoaded"),
    loading: str(custom.loading) || t("common.dataLoading"),
  };
  const [active, setActive] = useState(0);
  // spec 4: each tab loads lazily on its first activation, then stays mounted with its own state.
  const [activated, setActivated] = useState<ReadonlySet<number>>(() => new Set([0]));
  const root = useRef<HTMLDivElement>(null);
  const scrollPositions = useRef(new Map<number, number>());
  // Marks the tabs as interactive once hydrated (the chunk loads lazily).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const restore = useRef<number | null>(null);

  const select = (index: number) => {
    if (index === active) return;
    if (sticky) {
      // spec 4: with a sticky header each tab keeps its own scroll position, kept as an offset from the tabs' top
      // so that content above them settling (images, fonts) while another tab is open does not move it.
      scrollPositions.current.set(active, window.scrollY - topOf(root.current));
      restore.current = index;
    }
    setActivated((set) => (set.has(index) ? set : new Set([...set, index])));
    setActive(index);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each tab switch, reading refs
  useLayoutEffect(() => {
    const index = restore.current;
    if (index === null || !root.current) return;
    restore.current = null;
    const top = topOf(root.current);
    const saved = scrollPositions.current.get(index);
    if (saved !== undefined) window.scrollTo({ top: top + saved });
    else if (window.scrollY > top) window.scrollTo({ top });
  }, [active]);

  const title = component.componentName;
  const firstGroup = tabs[0]?.groupCode;
  return (
    <section
      ref={root}
      aria-label={title}
      className={vertical ? "flex gap-4" : ""}
      data-sticky={sticky}
      data-ready={ready}
    >
      <TabList
        idPrefix={component.componentId}
        label={t("content.tabs.label", { title })}
        titles={tabs.map((tab) => tab.title)}
        subTitles={tabs.map((tab) => tab.subTitle ?? "")}
        active={active}
        onSelect={select}
        orientation={vertical ? "vertical" : "horizontal"}
        className={`${sticky ? `sticky top-[var(--top-bar)] z-30 bg-white py-2 ${BELOW_TOP_BAR}` : ""} ${vertical ? "w-40 shrink-0 self-start" : "mb-3"}`}
      />
      <div className="min-w-0 flex-1">
        {tabs.map((tab, index) =>
          activated.has(index) ? (
            <div
              key={tab.groupCode}
              role="tabpanel"
              id={`${component.componentId}-panel-${index}`}
              aria-labelledby={`${component.componentId}-tab-${index}`}
              hidden={index !== active}
              data-group={tab.groupCode}
            >
              {(component.childrenData ?? [])
                .filter((child) => child.groupCode === tab.groupCode)
                .map((child) => (
                  <div
                    key={child.componentId}
                    data-component={child.componentCode}
                    data-component-id={child.componentId}
                  >
                    {tab.groupCode === firstGroup ? (
                      <Suspense fallback={<div className="h-96" />}>
                        <FirstTabChild
                          child={child}
                          texts={texts}
                          renderComponent={renderComponent}
                          bounded
                        />
                      </Suspense>
                    ) : (
                      <TabChild child={child} texts={texts} renderComponent={renderComponent} />
                    )}
                  </div>
                ))}
            </div>
          ) : null,
        )}
      </div>
    </section>
  );
}

export function Tabs(props: BlockProps) {
  return <TabsBlock {...props} vertical={false} />;
}

export function VerticalTabs(props: BlockProps) {
  return <TabsBlock {...props} vertical />;
}

/** A ProductList outside any tab pages the same way, its first page resolved with the page. */
export function StandaloneProductList({ component }: BlockProps) {
  const { t } = useI18n();
  const texts = {
    noData: t("common.noData"),
    noMore: t("common.allLoaded"),
    loading: t("common.dataLoading"),
  };
  return (
    <Suspense fallback={<div className="h-96" />}>
      <FirstTabChild child={component} texts={texts} renderComponent={() => null} bounded={false} />
    </Suspense>
  );
}
