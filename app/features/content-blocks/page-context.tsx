import { createContext, type ReactNode, use, useContext } from "react";
import type { BlockData, BlockDataMap } from "../../../server/modules/content/types.ts";

/** What every block of one rendered page shares: the deferred block data and whether this is a preview. */
export interface ContentPageContext {
  /** Resolved by the loader and streamed in (ADR 0072); never rejects. */
  blocks: Promise<BlockDataMap>;
  /** Preview pages send x-preview on their content calls (spec 7). */
  preview: boolean;
  /** Components above the fold load their images eagerly; the rest lazily. */
  eagerIds: ReadonlySet<string>;
  /** The hero component, whose first image is fetched with high priority (ADR 0143); null when there is none. */
  priorityId?: string | null;
  /** Links as this channel builds them, not the request's: the in-app China page links through /uniapp. */
  linkChannel?: string;
  /** spec 2 preview shopCode and tenantId: the online shop and tenant the content calls name (x-online-shop, x-tenant). */
  shop?: { onlineShopCode?: string; tenantId?: string };
}

const PageContext = createContext<ContentPageContext | null>(null);

export function ContentPageProvider({
  value,
  children,
}: {
  value: ContentPageContext;
  children?: ReactNode;
}) {
  return <PageContext value={value}>{children}</PageContext>;
}

export function usePageContext(): ContentPageContext {
  const value = useContext(PageContext);
  if (!value) throw new Error("content block outside a content page");
  return value;
}

/** The page's link channel override, when a content page sets one (outside a content page: none). */
export function usePageLinkChannel(): string | undefined {
  return useContext(PageContext)?.linkChannel;
}

/** A block's resolved data; suspends until the page's block data has streamed in. */
export function useBlockData<K extends BlockData["kind"]>(
  componentId: string,
  kind: K,
): Extract<BlockData, { kind: K }> | undefined {
  const all = use(usePageContext().blocks);
  const data = all[componentId];
  return data?.kind === kind ? (data as Extract<BlockData, { kind: K }>) : undefined;
}
