import type { RouterContextProvider } from "react-router";
import { appContext } from "../../context.ts";
import { requirePageCustomer } from "../account/session.server.ts";
import { WALLET_STATES, type WalletTab } from "./wallet-states.ts";

/** Coupons shown per state; a shopper holds a handful, so one page shows them all (ADR 0117). */
const WALLET_SIZE = 100;

interface LoaderArgs {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/** spec 2 /my/coupon, /ucenter/coupon: the customer's coupons in one state (?state=available|used|expired). */
export async function loadWallet({ request, url, context }: LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const asked = url.searchParams.get("state");
  const state: WalletTab = (WALLET_STATES as readonly string[]).includes(asked ?? "")
    ? (asked as WalletTab)
    : "available";
  const list = await app.services.coupon.wallet(customer.id, state, 0, WALLET_SIZE, app.request.locale);
  return { state, coupons: list.content, total: list.totalElements };
}
