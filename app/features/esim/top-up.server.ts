import { data } from "react-router";
import { isMessageKey, translate } from "../../../core/i18n/index.ts";
import { isEsimId } from "../../../core/ids.ts";
import type { AppLoadContext } from "../../context.ts";
import { serviceError } from "../../lib/service-error.ts";
import { requirePageCustomer } from "../account/session.server.ts";

/**
 * The top-up picker's data (issue 12): the packages that may top this eSIM up, priced in the shopper's currency.
 * Another customer's or an unknown eSIM is the 404 page; one that takes no top-up (expired, cancelled, its
 * order not delivered yet), or whose supplier cannot list its top-ups just now (ADR 0309), gives the reason in the
 * page's language.
 */
export async function loadTopUpOptions(app: AppLoadContext, request: Request, url: URL, id: string) {
  const customer = await requirePageCustomer(app, request, url);
  if (!isEsimId(id)) throw data(null, { status: 404 });
  const { locale, currency } = app.request;
  try {
    const options = await app.services.esim.topUpOptions(customer.id, id, currency, locale);
    return { options, refused: null };
  } catch (error) {
    const failure = serviceError(error);
    if (failure?.status === 404) throw data(null, { status: 404 });
    if ((failure?.status === 400 || failure?.status === 503) && isMessageKey(failure.code))
      return { options: null, refused: translate(locale, failure.code) };
    throw error;
  }
}
