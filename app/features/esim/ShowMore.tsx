import { ShowMoreLink } from "../../components/ui/ShowMoreLink.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { ESIM_PAGE_SIZE } from "./paging.ts";

/**
 * "Show more": a link to the same list with one more page (`?page=N`, ADR 0135, 0152). The loader lists pages
 * 0..N in one query, with no cap on N, so Back from a detail returns to the same items and the remembered scroll
 * position finds its place. With the list's id, the first new eSIM takes the focus.
 */
export function ShowMore({ shown, total, list }: { shown: number; total: number; list?: string }) {
  const { t } = useI18n();
  return (
    <ShowMoreLink
      shown={shown}
      total={total}
      size={ESIM_PAGE_SIZE}
      label={t("esimUi.list.more")}
      list={list}
    />
  );
}
