import { useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { BlockLink } from "../BlockLink.tsx";
import { actionOf, type BlockProps, items, num, str } from "../block-props.ts";
import { ContentImage } from "../ContentImage.tsx";
import { useHiddenParts } from "../use-hidden-parts.ts";

/** spec 9: sliding pages of 5. */
export const SLIDING_PAGE_SIZE = 5;

export function chunk<T>(list: readonly T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < list.length; i += size) pages.push(list.slice(i, i + size));
  return pages;
}

/**
 * Icon items in pages of 5, one page showing, with previous and next buttons. The pages not showing are drawn once
 * the block has hydrated (ADR 0293, `useHiddenParts`).
 */
export function Sliding({ component, eager }: BlockProps) {
  const { t } = useI18n();
  const size = Math.max(1, Math.trunc(num(component.data.pageSize, SLIDING_PAGE_SIZE)));
  const pages = chunk(items(component.data.items), size);
  const [page, setPage] = useState(0);
  // The other pages' tiles come after hydration (their lists, which size the track, are there from the start).
  const hiddenParts = useHiddenParts();
  const title = component.componentName;
  return (
    <section aria-label={title} className="flex items-center gap-2" data-page={page}>
      <button
        type="button"
        className="min-h-11 min-w-11 rounded-full border border-slate-300 text-slate-800 disabled:opacity-40"
        aria-label={t("content.sliding.previous")}
        disabled={page === 0}
        onClick={() => setPage((p) => Math.max(0, p - 1))}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <div className="min-w-0 flex-1 overflow-hidden">
        <div
          className="flex transition-transform duration-300 motion-reduce:transition-none"
          style={{ transform: `translateX(${-page * 100}%)` }}
        >
          {pages.map((entries, pageIndex) => (
            <ul
              // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
              key={pageIndex}
              className="grid w-full shrink-0 grid-cols-5 gap-2"
              aria-hidden={pageIndex !== page}
              inert={pageIndex !== page}
            >
              {(hiddenParts || pageIndex === page ? entries : []).map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: document items carry no ids and never reorder
                <li key={index}>
                  <BlockLink action={actionOf(entry.action)} className="nav-tile md:text-sm">
                    <ContentImage
                      src={str(entry.iconUrl)}
                      alt=""
                      width={120}
                      height={80}
                      eager={eager && pageIndex === 0}
                      className="w-full rounded-md"
                    />
                    <span>{str(entry.text)}</span>
                  </BlockLink>
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="min-h-11 min-w-11 rounded-full border border-slate-300 text-slate-800 disabled:opacity-40"
        aria-label={t("content.sliding.next")}
        disabled={page >= pages.length - 1}
        onClick={() => setPage((p) => Math.min(pages.length - 1, p + 1))}
      >
        <span aria-hidden="true">›</span>
      </button>
    </section>
  );
}
