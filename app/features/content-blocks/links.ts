import type { Locale } from "../../../core/constants.ts";
import { localePath } from "../../../core/locale-path.ts";
import { checkNavigation } from "../../../core/url-safety.ts";
import type { ComponentAction } from "../../../db/schema/content-document.ts";

/*
 * Where a block's action goes (spec 2 "Other links produced by content blocks", ADR 0011 actions). Internal
 * targets are router paths already carrying the locale prefix; external ones pass core/url-safety first.
 */

export type BlockTarget =
  | { kind: "internal"; to: string }
  | { kind: "external"; href: string }
  | { kind: "none" };

export interface LinkContext {
  locale: Locale;
  /** Root loader channel: anything but PC uses the mini-program route for detail pages (spec 2). */
  channel: string;
  origin: string;
  /** Hosts an operator's URL action may leave to; empty by default (spec 2: external refused unless allowed). */
  allowedHosts?: readonly string[];
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const v = text(value);
    if (v !== undefined) search.set(name, v);
  }
  const encoded = search.toString();
  return encoded ? `?${encoded}` : "";
}

/** spec 2: /uniapp?path=... for product detail, note detail, live room and weapp pages outside PC. */
function miniProgram(path: string): string {
  return `/uniapp${query({ path })}`;
}

export function actionTarget(action: ComponentAction | undefined, context: LinkContext): BlockTarget {
  if (!action) return { kind: "none" };
  const data = action.data ?? {};
  const internal = (path: string): BlockTarget => ({
    kind: "internal",
    to: localePath(context.locale, path, true),
  });
  const pc = context.channel === "PC";
  switch (action.code) {
    case "PLP":
    case "CATEGORY": {
      const search = query(
        action.code === "PLP"
          ? {
              categoryCode: data.categoryCode,
              categoryName: data.categoryName,
              type: data.type,
              keyword: data.keyword,
              marketingCode: data.marketingCode,
            }
          : { categoryCode: data.categoryCode, categoryName: data.categoryName },
      );
      // Outside PC a plan list goes through the bridge route too (issue 31, ADR 0369): the app opens its native
      // product list; a browser is sent on to the same /plp.
      return pc ? internal(`/plp${search}`) : internal(miniProgram(`/pages/goods/list${search}`));
    }
    case "CLP":
      return internal(`/cmsCLP${query({ pageCode: data.pageCode, pageName: data.pageName })}`);
    case "PDP": {
      const code = text(data.platformProductCode);
      if (!code) return { kind: "none" };
      const path = `/pdp/${encodeURIComponent(code)}`;
      return pc ? internal(path) : internal(miniProgram(`/pages/goods/detail?platformProductCode=${code}`));
    }
    case "NOTE": {
      const code = text(data.noteInfoCode);
      // The web storefront has no note page of its own: notes open inline (NoteList) or in the mini-program.
      return code && !pc
        ? internal(miniProgram(`/pages/note/detail?noteInfoCode=${code}`))
        : { kind: "none" };
    }
    case "LIVE_ROOM": {
      const code = text(data.roomCode);
      return code && !pc ? internal(miniProgram(`/pages/live/room?roomCode=${code}`)) : { kind: "none" };
    }
    case "SEARCH_DIALOG":
      return internal("/?searchDialog=true");
    case "SFB":
      return internal("/my/sfb");
    case "LOGIN":
      return internal("/login");
    case "URL": {
      const url = text(data.url);
      if (!url) return { kind: "none" };
      const checked = checkNavigation(url, {
        origin: context.origin,
        allowedHosts: context.allowedHosts ?? [],
      });
      if (checked.kind === "internal") return internal(checked.path);
      if (checked.kind === "external") return { kind: "external", href: checked.url };
      return { kind: "none" };
    }
    default:
      // NONE, and NATIVE (bridge navigation, only inside the app) have no web link.
      return { kind: "none" };
  }
}

/** A short name for where an action leads, for labelling image-only links (hotspot areas). */
export function actionName(action: ComponentAction | undefined): string | undefined {
  if (!action) return undefined;
  const data = action.data ?? {};
  return (
    text(data.categoryName) ??
    text(data.pageName) ??
    text(data.keyword) ??
    text(data.platformProductCode) ??
    text(data.categoryCode) ??
    text(data.type) ??
    text(data.marketingCode)
  );
}
