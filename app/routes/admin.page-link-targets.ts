import { data } from "react-router";
import { callConsole, consoleParam, requireOperator } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.page-link-targets";

/**
 * The page editor's action picker (issue 31 item 2), a resource route read with a fetcher: destinations, plans,
 * landing pages and notes whose name holds `q` in any language, each with the action it stores.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "pages.write");
  const query = new URLSearchParams({
    q: consoleParam(args.request, "q").slice(0, 80),
    siteCode: consoleParam(args.request, "siteCode"),
    lang: consoleParam(args.request, "lang"),
  });
  const result = await callConsole(args, { method: "GET", path: `/o2adm/v1/pages/link-targets?${query}` });
  if (result.status !== 200) throw data({ code: result.body?.code ?? "error" }, { status: result.status });
  return result.body as { targets: import("../../server/modules/content/link-targets.ts").LinkTarget[] };
}
