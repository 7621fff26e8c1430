import { Outlet } from "react-router";
import { appContext } from "../context.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import type { Route } from "./+types/ucenter";

// spec 2 /ucenter/...: the protected ucenter pages (coupon, eSIM, order, purchased, push) nest under this
// guard layout; a visitor or an expired session goes to /login?pageFrom=<this page> first (ADR 0092).
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requirePageCustomer(context.get(appContext), request, url);
  return null;
}

export default function UcenterGuard() {
  return <Outlet />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
