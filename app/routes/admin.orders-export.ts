import { data } from "react-router";
import { CONSOLE_ORDER_FILTERS, ConsoleOrderExport } from "../../core/console-orders.ts";
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
  const result = await callConsole(args, { method: "POST", path: "/o2adm/v1/orders/export", body });
  if (result.status !== 200) throw data({ code: result.body?.code ?? "error" }, { status: result.status });
  const exported = ConsoleOrderExport.parse(result.body);
  return new Response(exported.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exported.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
