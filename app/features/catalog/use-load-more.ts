import { useCallback, useEffect, useRef, useState } from "react";
import type { PageList } from "../../../core/lists.ts";
import type { HttpClient } from "../../lib/http/client.ts";

/** spec 9: load more when the list's end is within 100 px of the viewport's bottom. */
export const LOAD_MORE_THRESHOLD_PX = 100;
export const PRODUCT_SEARCH_PATH = "/o2srh/v1/pub/platform-products/search";

/**
 * Page-mode list state (spec 3, 4): starts from the loader's first page; loads the next page near the bottom,
 * skips when there is no more or a load is running; a failed load keeps what is shown (spec 8). A new first page
 * (the list's parameters changed) replaces everything.
 */
export function useLoadMore<T>(first: PageList<T>, params: URLSearchParams, api: HttpClient) {
  const [items, setItems] = useState<T[]>(first.content);
  const [total, setTotal] = useState(first.totalElements);
  const [loading, setLoading] = useState(false);
  const page = useRef(0);
  const loadingRef = useRef(false);
  const generation = useRef(0);

  useEffect(() => {
    generation.current++;
    page.current = 0;
    loadingRef.current = false;
    setLoading(false);
    setItems(first.content);
    setTotal(first.totalElements);
  }, [first]);

  const noMore = items.length >= total;

  const loadMore = useCallback(async () => {
    if (loadingRef.current || noMore) return;
    loadingRef.current = true;
    setLoading(true);
    const started = generation.current;
    const query: Record<string, string> = Object.fromEntries(params);
    try {
      const next = await api.list<PageList<T>>(PRODUCT_SEARCH_PATH, {
        data: { ...query, page: page.current + 1, size: first.content.length || 20 },
      });
      if (started !== generation.current) return;
      page.current += 1;
      setItems((current) => [...current, ...next.content]);
      setTotal(next.totalElements);
    } catch {
      // The client has already shown the toast or dialog (spec 8); the list stays as it was.
    } finally {
      if (started === generation.current) {
        loadingRef.current = false;
        setLoading(false);
      }
    }
  }, [api, params, noMore, first.content.length]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: items.length re-checks once each page has rendered
  useEffect(() => {
    if (noMore) return;
    const check = () => {
      const { scrollHeight } = document.documentElement;
      if (scrollHeight - (window.scrollY + window.innerHeight) <= LOAD_MORE_THRESHOLD_PX) void loadMore();
    };
    // Also on mount and after each page: the shopper may already be at the bottom (scrolled before hydration,
    // or a short page on a tall screen).
    check();
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check, { passive: true });
    return () => {
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [loadMore, noMore, items.length]);

  return { items, total, loading, noMore, loadMore };
}
