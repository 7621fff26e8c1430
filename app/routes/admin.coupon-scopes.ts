import * as api from "../../server/modules/coupon/console-contract.ts";
import { consoleParam, readConsole, requireOperator } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.coupon-scopes";

export type CouponScopeOption = api.ScopeOption;

/**
 * The coupon form's plan and destination picker (issue 29 item 5), a resource route read with useFetcher: the
 * console API's matches for what the operator typed, by name in any language.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "marketing.read");
  const q = consoleParam(args.request, "q").slice(0, 60);
  if (!q) return { options: [] as CouponScopeOption[] };
  const { options } = await readConsole(args, api.couponScopes, { query: { q } });
  return { options };
}
