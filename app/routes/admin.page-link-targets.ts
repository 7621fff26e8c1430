import { data } from "react-router";
import * as api from "../../server/modules/content/console-contract.ts";
import { callConsole, consoleParam, requireOperator } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.page-link-targets";

/**
 * The page editor's action picker (issue 31 item 2), a resource route read with a fetcher: destinations, plans,
 * landing pages and notes whose name holds `q` in any language, each with the action it stores.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "pages.write");
  const q = consoleParam(args.request, "q").slice(0, 80);
  // An empty term finds nothing (the endpoint's answer too); a call leaves an empty value out of its query.
  if (q === "") return { targets: [] };
  const answer = await callConsole(args, api.linkTargets, {
    query: {
      q,
      siteCode: consoleParam(args.request, "siteCode"),
      lang: consoleParam(args.request, "lang"),
    },
  });
  if (!answer.ok) throw data({ code: answer.code }, { status: answer.status });
  return answer.value;
}
