import { Suspense, useEffect, useRef, useState } from "react";
import { isHorizontalRow, pageSizeOf } from "../../../../server/modules/content/product-source.ts";
import type { BlockProduct } from "../../../../server/modules/content/types.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { useContentApi } from "../api.ts";
import { BlockLink } from "../BlockLink.tsx";
import { actionOf, type BlockProps, str } from "../block-props.ts";
import { useBlockData } from "../page-context.tsx";
import { ProductCard } from "./ProductCard.tsx";

/**
 * ADR 0296: a row that came with its first cards (home) ends in a "Show all" tile while the list has more; the
 * tile brings in the rest in place, through spec 7's score mode (the plans after the last shown), and moves the
 * focus to the first of them.
 */
function useRestOfRow(component: BlockProps["component"], shown: BlockProduct[], total: number) {
  const api = useContentApi();
  const [rest, setRest] = useState<BlockProduct[] | null>(null);
  const [loading, setLoading] = useState(false);
  const wanted = Math.min(pageSizeOf(component.data), total);
  const recommendCode = str(component.data.recommendCode);
  const last = shown.at(-1)?.score;
  const more = rest === null && recommendCode !== "" && last !== undefined && shown.length < wanted;
  const load = async () => {
    if (loading || !more) return;
    setLoading(true);
    try {
      const list = await api.recommend(
        { recommendCode, size: wanted - shown.length, maxScore: last },
        undefined,
        { silent: false },
      );
      setRest(list.data);
    } catch {
      // The API's failure is shown as a toast (the client's onToast); the tile stays for another try.
    } finally {
      setLoading(false);
    }
  };
  return { rest: rest ?? [], more, loading, load };
}

function RecommendProducts({ component, eager }: BlockProps) {
  const { t } = useI18n();
  const list = useBlockData(component.componentId, "products");
  const horizontal = isHorizontalRow(component.data);
  const showNew = component.data.showNewLabel === true;
  const shown = list?.products ?? [];
  const { rest, more, loading, load } = useRestOfRow(component, shown, list?.count ?? 0);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (rest.length > 0) listRef.current?.children[shown.length]?.querySelector("a")?.focus();
  }, [rest, shown.length]);
  return (
    <ul
      ref={listRef}
      className={
        horizontal
          ? "flex snap-x gap-3 overflow-x-auto pb-2 *:w-56 *:shrink-0 *:snap-start"
          : "grid grid-cols-1 gap-3 md:grid-cols-2"
      }
      data-direction={horizontal ? "horizontal" : "vertical"}
    >
      {[...shown, ...rest].map((product) => (
        <li key={product.platformProductCode}>
          <ProductCard product={product} showNew={showNew} eager={eager} compact={!horizontal} />
        </li>
      ))}
      {more && horizontal && (
        <li>
          <button
            type="button"
            className="plan-card items-center justify-center w-full font-semibold text-brand-700"
            aria-label={`${t("content.recommend.showAll")}: ${str(component.data.title)}`}
            aria-busy={loading || undefined}
            onClick={() => void load()}
          >
            {t("content.recommend.showAll")}
          </button>
        </li>
      )}
    </ul>
  );
}

/** spec 2 Recommend: a titled product list, horizontal or vertical, with the 'New' label and a 'more' link. */
export function Recommend(props: BlockProps) {
  const { t } = useI18n();
  const { component } = props;
  const more = actionOf(component.data.moreAction);
  const horizontal = isHorizontalRow(component.data);
  return (
    <section aria-label={str(component.data.title) || component.componentName}>
      <div className="mb-2 flex items-baseline justify-between">
        <h2 className="text-xl font-bold text-slate-900">{str(component.data.title)}</h2>
        {more && (
          <BlockLink
            action={more}
            className="text-sm font-medium text-brand-700 underline"
            label={`${t("content.recommend.more")}: ${str(component.data.title)}`}
          >
            {t("content.recommend.more")}
          </BlockLink>
        )}
      </div>
      <Suspense fallback={<div className={horizontal ? "h-72" : "h-96"} />}>
        <RecommendProducts {...props} />
      </Suspense>
    </section>
  );
}
