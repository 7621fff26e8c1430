import type { RouterContextProvider } from "react-router";
import { appContext } from "../../context.ts";
import { LIST_PAGE_SIZE, shownPage, throughPage } from "../../lib/list-pages.ts";
import { requirePageCustomer } from "../account/session.server.ts";
import { WALLET_STATES, type WalletTab } from "./wallet-states.ts";

interface LoaderArgs {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/**
 * spec 2 /my/coupon, /ucenter/coupon: the customer's coupons in one state (?state=available|used|expired), pages
 * 0..N of 20 for `?page=N` ("Show more", ADR 0152).
 */
export async function loadWallet({ request, url, context }: LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const asked = url.searchParams.get("state");
  const state: WalletTab = (WALLET_STATES as readonly string[]).includes(asked ?? "")
    ? (asked as WalletTab)
    : "available";
  const { page, size } = throughPage(shownPage(url), LIST_PAGE_SIZE);
  const list = await app.services.coupon.wallet(customer.id, state, page, size, app.request.locale);
  return { state, coupons: list.content, total: list.totalElements };
}
