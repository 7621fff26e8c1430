import { data, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { isLocale } from "../../core/constants.ts";
import { useAppBaseInfo } from "../lib/bridge/base-info.ts";
import type { Route } from "./+types/locale-layout";

// spec 2: only /en_US, /zh_CN and /zh_HK are locale prefixes; any other first segment that reaches here
// (for example /fr_FR/plp) is not a page.
export async function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLocale(params.lang)) throw data(null, { status: 404 });
  return null;
}

export default function LocaleLayout() {
  // Inside the native app, its base info sets the language and currency (ADR 0156).
  useAppBaseInfo();
  return <Outlet />;
}

// Its only input is the prefix: moving between pages of one locale never needs it again, so a failed data
// request on such a navigation cannot replace the page with the layout's error.
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.lang !== nextParams.lang;
}
