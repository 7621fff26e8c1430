import { HOME_TAB_SIZE } from "../../../core/constants.ts";
/*
 * Which recommendation list a ProductList block pages through (ADR 0071). Pure: the page loader and the browser's
 * tab lists both use it.
 */

/** spec 9: tab product page size 10. */
export const TAB_PAGE_SIZE = 10;

export function productListRecommendCode(data: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  switch (data.source) {
    case "recommend":
      return text(data.recommendCode);
    case "destinationType": {
      const type = text(data.destinationType);
      return type ? `DESTINATION_TYPE:${type}` : null;
    }
    case "category": {
      const category = text(data.categoryCode);
      return category ? `CATEGORY:${category}` : null;
    }
    default:
      return null;
  }
}

/**
 * ADR 0296: a horizontal plan row on home shows its first four cards and a "Show all" tile that brings in the rest
 * (as the eSIM stores we measure ourselves against do), so a phone's document carries four cards, not ten. Crawlers
 * get the whole row.
 */
export const FIRST_VIEW_ROW_CARDS = 4;

/** Whether a Recommend block draws a horizontal row (spec 2: horizontal unless it says vertical). */
export function isHorizontalRow(data: Record<string, unknown>): boolean {
  return data.direction !== "vertical";
}

export function pageSizeOf(data: Record<string, unknown>): number {
  const size = Number(data.size);
  return Number.isInteger(size) && size >= 1 && size <= HOME_TAB_SIZE ? size : TAB_PAGE_SIZE;
}

/** spec 3 tab group: the tabs a Tabs or VerticalTabs block declares. */
export interface TabGroup {
  groupCode: string;
  title: string;
  subTitle?: string;
}

export function tabsOf(data: Record<string, unknown>): TabGroup[] {
  if (!Array.isArray(data.tabs)) return [];
  return data.tabs.flatMap((tab) =>
    tab && typeof tab === "object" && typeof (tab as TabGroup).groupCode === "string"
      ? [
          {
            groupCode: (tab as TabGroup).groupCode,
            title: String((tab as TabGroup).title ?? ""),
            subTitle: typeof (tab as TabGroup).subTitle === "string" ? (tab as TabGroup).subTitle : "",
          },
        ]
      : [],
  );
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
