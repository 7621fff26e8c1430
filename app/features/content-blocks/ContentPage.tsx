import { useEffect, useMemo, useState } from "react";
import type { ParsedDocument } from "../../../core/content/components.ts";
import type { PageComponent } from "../../../db/schema/content-document.ts";
import type { BlockDataMap } from "../../../server/modules/content/types.ts";
import { ComponentView } from "./ComponentView.tsx";
import { ContentPageProvider } from "./page-context.tsx";
import { pickVariant, splitByPosition } from "./variant.ts";

/** How many top-level components count as above the fold: their images load eagerly. */
const ABOVE_THE_FOLD = 3;

function eagerIdsOf(components: readonly PageComponent[]): Set<string> {
  const ids = new Set<string>();
  const add = (component: PageComponent) => {
    ids.add(component.componentId);
    for (const child of component.childrenData ?? []) add(child);
  };
  for (const component of components.slice(0, ABOVE_THE_FOLD)) add(component);
  return ids;
}

/** Blocks whose first picture is a full-width banner: the first of them above the fold is the page's hero. */
const HERO_CODES = new Set(["Carousel", "Banner", "Image"]);

/** The likely LCP element (ADR 0143): the first banner-like block above the fold. */
function priorityIdOf(components: readonly PageComponent[]): string | null {
  return (
    components.slice(0, ABOVE_THE_FOLD).find((c) => HERO_CODES.has(c.componentCode))?.componentId ?? null
  );
}

/** The body width: the server's assumption first (so hydration matches), then the measured one, kept on resize. */
function useBodyWidth(assumed: number): number {
  const [width, setWidth] = useState(assumed);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setWidth(document.body.clientWidth));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", measure);
    };
  }, []);
  return width;
}

function Column({ components }: { components: PageComponent[] }) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {components.map((component) => (
        <ComponentView key={component.componentId} component={component} />
      ))}
    </div>
  );
}

export interface ContentPageProps {
  /** Parsed where it was loaded (parseDocumentData), so the browser needs no schema library. */
  document: ParsedDocument;
  blocks: Promise<BlockDataMap>;
  assumedWidth: number;
  preview?: boolean;
  /** Build block links as this channel would (spec 2: outside PC, detail pages go through /uniapp). */
  linkChannel?: string;
  /** A preview's shopCode and tenantId (spec 2), sent on the page's content calls instead of the site's. */
  shop?: { onlineShopCode?: string; tenantId?: string };
}

/** Renders a content document (spec 2 "Content blocks"): the variant for the body width and its layout. */
export function ContentPage({
  document,
  blocks,
  assumedWidth,
  preview = false,
  linkChannel,
  shop,
}: ContentPageProps) {
  const width = useBodyWidth(assumedWidth);
  const variant = pickVariant(document, width);
  const eagerIds = useMemo(() => eagerIdsOf(variant.components), [variant]);
  const priorityId = useMemo(() => priorityIdOf(variant.components), [variant]);
  const context = useMemo(
    () => ({ blocks, preview, eagerIds, priorityId, linkChannel, shop }),
    [blocks, preview, eagerIds, priorityId, linkChannel, shop],
  );

  // The same elements while the variant stays (ADR 0143): a measured width that picks the server's variant must
  // not re-render the blocks, or React gives up hydrating the lazy ones still loading (the hero carousel) and
  // replaces their server HTML, repainting the LCP image.
  return useMemo(() => {
    let body: React.ReactNode;
    if (variant.layout === "normal") {
      body = <Column components={variant.components} />;
    } else {
      // spec 2: leftWide / rightWide split by position code; the wide column is the named side.
      const { left, right } = splitByPosition(variant.components);
      body = (
        <div
          className={`grid gap-6 ${variant.layout === "leftWide" ? "grid-cols-[2fr_1fr]" : "grid-cols-[1fr_2fr]"}`}
        >
          <Column components={left} />
          <Column components={right} />
        </div>
      );
    }
    return (
      <ContentPageProvider value={context}>
        <div
          className="mx-auto max-w-6xl px-4 py-4"
          data-variant={variant.variantId}
          data-layout={variant.layout}
        >
          {body}
        </div>
      </ContentPageProvider>
    );
  }, [variant, context]);
}
