import { data } from "react-router";
import { CONSOLE_ORDER_FILTERS } from "../../core/console-orders.ts";
import * as api from "../../server/modules/admin/support-contract.ts";
import { callConsole, requireOperator } from "../features/admin/console.server.ts";
import type { Route } from "./+types/admin.orders-export";

/**
 * The orders page's CSV export (issue 29), a resource route: the page's filters, posted to the console API
 * (owner and finance, audited); the answer is the file itself, so the browser downloads it.
 */
export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "reports.read");
  const form = await args.request.formData();
  const body: Record<string, string> = {};
  for (const name of CONSOLE_ORDER_FILTERS) {
    const value = form.get(name);
    if (typeof value === "string" && value !== "") body[name] = value;
  }
  const answer = await callConsole(args, api.exportOrders, { body });
  if (!answer.ok) throw data({ code: answer.code }, { status: answer.status });
  const exported = answer.value;
  return new Response(exported.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exported.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
