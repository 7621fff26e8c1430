import { checkNavigation, isScriptUrl } from "../url-safety.ts";
import { ACTION_CODES, type ComponentAction, type PageComponent } from "./document.ts";

/*
 * What an operator may store as a block's action (issue 31 item 2, ADR 0369): a page of this store (a path), or an
 * outside page over https; never a script URL (spec 2), never plain http. Shared by the editor's action picker, so
 * it says the same as the server, and by the server's check on save, which finds every action a block holds: its
 * own, its items' and slides', its "more" link, its hot areas'.
 */

export type ActionProblem = "script" | "https" | "invalid";

const SAME_SITE = "https://same-site.invalid";

/** Why a URL may not be a block's link, or null when it may. */
export function urlProblem(raw: string): ActionProblem | null {
  const url = raw.trim();
  if (url === "") return "invalid";
  if (isScriptUrl(url)) return "script";
  if (url.startsWith("/") && !url.startsWith("//")) {
    const checked = checkNavigation(url, { origin: SAME_SITE });
    return checked.kind === "internal" ? null : "invalid";
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "invalid";
  }
  if (parsed.protocol !== "https:") return "https";
  if (parsed.username || parsed.password || parsed.hostname === "") return "invalid";
  return null;
}

/** Why an action may not be stored, or null when it may. */
export function actionProblem(action: unknown): ActionProblem | null {
  if (typeof action !== "object" || action === null) return "invalid";
  const { code, data } = action as { code?: unknown; data?: unknown };
  if (typeof code !== "string" || !(ACTION_CODES as readonly string[]).includes(code)) return "invalid";
  if (data !== undefined && (typeof data !== "object" || data === null)) return "invalid";
  const values = (data ?? {}) as Record<string, unknown>;
  if (code === "URL") return urlProblem(typeof values.url === "string" ? values.url : "");
  // Every other target is built from codes and names; none may smuggle a URL with a scheme.
  for (const value of Object.values(values))
    if (typeof value === "string" && isScriptUrl(value)) return "script";
  return null;
}

const isActionKey = (key: string) => key === "action" || /Action$/.test(key);

/** Every action a component holds in its data (items, slides, texts, areas, "more"), depth first. */
export function actionsInData(data: unknown): unknown[] {
  const found: unknown[] = [];
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (typeof value === "object" && value !== null)
      for (const [key, inner] of Object.entries(value)) {
        if (isActionKey(key) && inner !== undefined) found.push(inner);
        else stack.push(inner);
      }
  }
  return found;
}

/** The first problem among a component's own action and the actions in its data. */
export function componentActionProblem(component: PageComponent): ActionProblem | null {
  for (const action of [...(component.action ? [component.action] : []), ...actionsInData(component.data)]) {
    const problem = actionProblem(action);
    if (problem) return problem;
  }
  return null;
}

/** The components that take a tap (issue 31 item 2): their own action is offered in the editor. */
export const TAPPABLE_CODES = new Set(["Banner", "Image", "Button", "SingleImageCard", "CustomTitle"]);

/** Components whose list items (slides, cards, navigation entries) each take an action. */
export const ITEM_ACTION_CODES = new Set(["Carousel", "Sliding", "ImageTextNav", "MultipleImageCard"]);

export type { ComponentAction };
