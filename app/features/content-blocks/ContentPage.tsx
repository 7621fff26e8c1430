import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import type { ParsedDocument } from "../../../core/content/components.ts";
import type { PageComponent, PageVariant } from "../../../db/schema/content-document.ts";
import type { BlockDataMap } from "../../../server/modules/content/types.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { ComponentView } from "./ComponentView.tsx";
import type { VariantAnswer } from "./load-page.server.ts";
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

/** A promise React's `use` reads at once (its thenable protocol), so a fetched variant's blocks never suspend. */
function settled(blocks: BlockDataMap): Promise<BlockDataMap> {
  return Object.assign(Promise.resolve(blocks), { status: "fulfilled", value: blocks });
}

interface ShownVariant {
  variant: PageVariant;
  blocks: Promise<BlockDataMap>;
}

/**
 * The variant to render and its block data (ADR 0285). A document that carries one variant (`sentVariant`) gets
 * another from the content/variant route when the width picks it; until it arrives, the page keeps the server's.
 */
function useShownVariant(
  document: ParsedDocument,
  blocks: Promise<BlockDataMap>,
  width: number,
  assumedWidth: number,
  sentVariant: string | undefined,
  variantsFrom: string | undefined,
): ShownVariant {
  const { href } = useI18n();
  const fetcher = useFetcher<VariantAnswer>();
  const [fetched, setFetched] = useState<Record<string, ShownVariant>>({});
  const wanted = pickVariant(document, width);
  const missing = sentVariant !== undefined && wanted.variantId !== sentVariant && !fetched[wanted.variantId];
  // The fetcher's load changes identity as it loads: read through an effect event (as use-quote does).
  const load = useEffectEvent((variantId: string) => {
    if (variantsFrom) void fetcher.load(href(`${variantsFrom}&variant=${encodeURIComponent(variantId)}`));
  });
  useEffect(() => {
    if (missing) load(wanted.variantId);
  }, [missing, wanted.variantId]);
  const answer = fetcher.data;
  useEffect(() => {
    const variant = answer?.variant;
    if (variant)
      setFetched((all) => ({ ...all, [variant.variantId]: { variant, blocks: settled(answer.blocks) } }));
  }, [answer]);

  const server = useMemo(
    () => ({ variant: pickVariant(document, assumedWidth), blocks }),
    [document, assumedWidth, blocks],
  );
  const own = useMemo(() => ({ variant: wanted, blocks }), [wanted, blocks]);
  if (sentVariant === undefined || wanted.variantId === sentVariant) return own;
  return fetched[wanted.variantId] ?? server;
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
  /** The one variant whose components the document carries (ADR 0285); absent: it carries them all. */
  sentVariant?: string;
  /** Where the others come from: the content/variant route's query for this page. */
  variantsFrom?: string;
}

/** Renders a content document (spec 2 "Content blocks"): the variant for the body width and its layout. */
export function ContentPage({
  document,
  blocks,
  assumedWidth,
  preview = false,
  linkChannel,
  shop,
  sentVariant,
  variantsFrom,
}: ContentPageProps) {
  const { t } = useI18n();
  // spec 4's loading note of every picture (ContentImage), as the CSS string its ::after shows (ADR 0290).
  const loadingNote = JSON.stringify(t("content.image.loading"));
  const width = useBodyWidth(assumedWidth);
  const { variant, blocks: variantBlocks } = useShownVariant(
    document,
    blocks,
    width,
    assumedWidth,
    sentVariant,
    variantsFrom,
  );
  const eagerIds = useMemo(() => eagerIdsOf(variant.components), [variant]);
  const priorityId = useMemo(() => priorityIdOf(variant.components), [variant]);
  const context = useMemo(
    () => ({ blocks: variantBlocks, preview, eagerIds, priorityId, linkChannel, shop }),
    [variantBlocks, preview, eagerIds, priorityId, linkChannel, shop],
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
          style={{ "--image-loading": loadingNote } as React.CSSProperties}
        >
          {body}
        </div>
      </ContentPageProvider>
    );
  }, [variant, context, loadingNote]);
}
