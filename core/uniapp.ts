/*
 * spec 2: outside PC, content blocks link product detail, note detail, live room and weapp pages through the
 * mini-program route /uniapp?path=... . This reads the path: where it leads on the web, and which native page
 * (spec 2's five targets) the app opens for it through the bridge. Any other path is still a page, never a 404.
 */

/** spec 2 native page targets (app/lib/bridge/types.ts NATIVE_PAGES). */
export type UniappNativePage = "goodsDetail" | "categoryList" | "esimDetail" | "mine" | "productList";

export type UniappTarget =
  | { kind: "page"; web: string; native: { code: UniappNativePage; params: Record<string, string> } | null }
  | { kind: "note"; noteInfoCode: string }
  | { kind: "live"; roomCode: string }
  | { kind: "appOnly" };

const CODE = /^[A-Za-z0-9][\w.-]{0,63}$/;
const PLP_PARAMS = ["categoryCode", "categoryName", "keyword", "type", "marketingCode"] as const;

function param(query: URLSearchParams, name: string): string | null {
  const value = query.get(name);
  return value && CODE.test(value) ? value : null;
}

export function uniappTarget(rawPath: string | null): UniappTarget {
  if (!rawPath || rawPath.length > 512 || !rawPath.startsWith("/pages/") || /[\\\s]|\/\//.test(rawPath))
    return { kind: "appOnly" };
  let url: URL;
  try {
    url = new URL(rawPath, "https://uniapp.invalid");
  } catch {
    return { kind: "appOnly" };
  }
  const query = url.searchParams;
  switch (url.pathname) {
    case "/pages/goods/detail": {
      const code = param(query, "platformProductCode");
      if (!code) return { kind: "appOnly" };
      return {
        kind: "page",
        web: `/pdp/${encodeURIComponent(code)}`,
        native: { code: "goodsDetail", params: { platformProductCode: code } },
      };
    }
    case "/pages/goods/list": {
      const search = new URLSearchParams();
      for (const name of PLP_PARAMS) {
        const value = query.get(name);
        if (value && value.length <= 120) search.set(name, value);
      }
      const encoded = search.toString();
      return {
        kind: "page",
        web: `/plp${encoded ? `?${encoded}` : ""}`,
        native: { code: "productList", params: Object.fromEntries(search) },
      };
    }
    case "/pages/category/index":
      return { kind: "page", web: "/category", native: { code: "categoryList", params: {} } };
    case "/pages/esim/detail": {
      const id = param(query, "id");
      if (!id) return { kind: "appOnly" };
      return {
        kind: "page",
        web: `/ucenter/eSIM/${encodeURIComponent(id)}`,
        native: { code: "esimDetail", params: { id } },
      };
    }
    case "/pages/mine/index":
      return { kind: "page", web: "/my/userInfo", native: { code: "mine", params: {} } };
    case "/pages/index/index":
      return { kind: "page", web: "/", native: null };
    case "/pages/note/detail": {
      const code = param(query, "noteInfoCode");
      return code ? { kind: "note", noteInfoCode: code } : { kind: "appOnly" };
    }
    case "/pages/live/room": {
      const code = param(query, "roomCode");
      return code ? { kind: "live", roomCode: code } : { kind: "appOnly" };
    }
    default:
      return { kind: "appOnly" };
  }
}
