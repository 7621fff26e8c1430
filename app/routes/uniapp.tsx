import { redirect } from "react-router";
import { localePath } from "../../core/locale-path.ts";
import { uniappTarget } from "../../core/uniapp.ts";
import { appContext } from "../context.ts";
import { UniappPage } from "../features/china/UniappPage.tsx";
import { appHint } from "../lib/bridge/detect.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/uniapp";

export const handle = { messages: ["content", "pages"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "pages.uniapp.title", { noindex: true });
}

// spec 2 /uniapp?path=: the mini-program route content blocks use outside PC. On the web a page path redirects to
// the storefront page; in the app the bridge opens the native page. Notes show here; nothing is a 404.
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const target = uniappTarget(url.searchParams.get("path"));
  const inApp = appHint({ userAgent: request.headers.get("user-agent"), search: url.search });
  const web = target.kind === "page" ? localePath(app.request.locale, target.web, true) : null;
  if (web && (!inApp || (target.kind === "page" && !target.native))) throw redirect(web);
  const note =
    target.kind === "note"
      ? ((await app.services.content.notes([target.noteInfoCode], app.request.locale))[target.noteInfoCode] ??
        null)
      : null;
  return { target, web, note };
}

export default function Uniapp({ loaderData }: Route.ComponentProps) {
  return <UniappPage {...loaderData} />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
