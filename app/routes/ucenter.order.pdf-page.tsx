import { z } from "zod";
import type { MessageKey } from "../../core/i18n/index.ts";
import { translate } from "../../core/i18n/index.ts";
import { orderCode } from "../../core/ids.ts";
import { appContext } from "../context.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { serviceError } from "../lib/service-error.ts";
import type { Route } from "./+types/ucenter.order.pdf-page";

// spec 2 /ucenter/order/pdf-page?orderCode=…: the order's PDF invoice (ADR 0120). A resource route: the loader
// answers with the file itself, so the /ucenter guard's loader does not run and the session is checked here;
// a visitor goes to login and comes back to the download (ADR 0092).

const Query = z.object({ orderCode: orderCode() });

/** The same headers as the API's invoice endpoint (server/modules/invoice/routes.ts). */
function pdfHeaders(filename: string, length: number): Record<string, string> {
  return {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${filename}"`,
    "content-length": String(length),
    "cache-control": "private, no-store",
  };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const locale = app.request.locale;
  // A refusal is a short message in the page's language, with the status a download manager shows.
  const refuse = (status: number, key: MessageKey) =>
    new Response(translate(locale, key), {
      status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  const query = Query.safeParse({ orderCode: url.searchParams.get("orderCode") ?? undefined });
  if (!query.success) return refuse(400, "error.badRequest");
  try {
    const invoice = await app.services.invoice.forCustomer(customer.id, query.data.orderCode);
    return new Response(new Uint8Array(invoice.body), {
      headers: pdfHeaders(invoice.filename, invoice.body.length),
    });
  } catch (error) {
    const known = serviceError(error);
    if (known && known.status < 500) return refuse(known.status, known.code as MessageKey);
    throw error;
  }
}
