import { splitLocale } from "../../core/locale-path.ts";

/**
 * The router's resource routes (route modules in app/routes/ without a component: they answer data or a file,
 * never a page) and the methods each answers. Any other method is a 405 with an `Allow` header in the API's error
 * shape, and a refused URL (a control character, a query past spec 9's limits) answers in that shape too (issue 32
 * item 10). `server/http/resource-routes.test.ts` checks this list against app/routes.ts.
 */
export const RESOURCE_ROUTES: readonly { path: string; methods: readonly string[]; localized: boolean }[] = [
  { path: "/checkout/quote", methods: ["GET", "HEAD"], localized: true },
  { path: "/content/variant", methods: ["GET", "HEAD"], localized: true },
  { path: "/ucenter/order/pdf-page", methods: ["GET", "HEAD"], localized: true },
  { path: "/admin/language", methods: ["GET", "HEAD", "POST"], localized: false },
  { path: "/admin/logout", methods: ["GET", "HEAD", "POST"], localized: false },
  { path: "/admin/orders/export", methods: ["GET", "HEAD", "POST"], localized: false },
  { path: "/admin/marketing/coupon-scopes", methods: ["GET", "HEAD"], localized: false },
  { path: "/admin/pages/link-targets", methods: ["GET", "HEAD"], localized: false },
];

/** The methods a page path's resource route answers, or null when the path is no resource route. */
export function resourceRouteMethods(pathname: string): readonly string[] | null {
  // A fetcher reads a resource route through its single-fetch twin (`/checkout/quote.data`).
  const path = pathname.replace(/\.data$/, "");
  const { rest, prefixed } = splitLocale(path);
  for (const route of RESOURCE_ROUTES) {
    if (route.path === path || (route.localized && prefixed && route.path === rest)) return route.methods;
  }
  return null;
}
