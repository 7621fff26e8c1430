import { data } from "react-router";
import { callConsole, consoleParam, requireOperator } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.coupon-scopes";

export interface CouponScopeOption {
  scopeType: "PLAN" | "DESTINATION";
  scopeCode: string;
  name: { en_US: string; zh_CN: string; zh_HK: string };
}

/**
 * The coupon form's plan and destination picker (issue 29 item 5), a resource route read with useFetcher: the
 * console API's matches for what the operator typed, by name in any language.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "marketing.read");
  const q = consoleParam(args.request, "q").slice(0, 60);
  if (!q) return { options: [] as CouponScopeOption[] };
  const result = await callConsole(args, {
    method: "GET",
    path: `/o2adm/v1/marketing/coupon-scopes?q=${encodeURIComponent(q)}`,
  });
  if (result.status !== 200) throw data({ code: result.body?.code ?? "error" }, { status: result.status });
  return { options: (result.body as { options: CouponScopeOption[] }).options };
}
