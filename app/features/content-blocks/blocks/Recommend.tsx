import { Suspense } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { BlockLink } from "../BlockLink.tsx";
import { actionOf, type BlockProps, str } from "../block-props.ts";
import { useBlockData } from "../page-context.tsx";
import { ProductCard } from "./ProductCard.tsx";

function RecommendProducts({ component, eager }: BlockProps) {
  const list = useBlockData(component.componentId, "products");
  const horizontal = component.data.direction !== "vertical";
  const showNew = component.data.showNewLabel === true;
  const products = list?.products ?? [];
  return (
    <ul
      className={
        horizontal
          ? "flex snap-x gap-3 overflow-x-auto pb-2 *:w-56 *:shrink-0 *:snap-start"
          : "grid grid-cols-1 gap-3 md:grid-cols-2"
      }
      data-direction={horizontal ? "horizontal" : "vertical"}
    >
      {products.map((product) => (
        <li key={product.platformProductCode}>
          <ProductCard product={product} showNew={showNew} eager={eager} compact={!horizontal} />
        </li>
      ))}
    </ul>
  );
}

/** spec 2 Recommend: a titled product list, horizontal or vertical, with the 'New' label and a 'more' link. */
export function Recommend(props: BlockProps) {
  const { t } = useI18n();
  const { component } = props;
  const more = actionOf(component.data.moreAction);
  const horizontal = component.data.direction !== "vertical";
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
