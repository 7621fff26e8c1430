/** The store pages the bench measures; the pdp is that of a seeded plan. */
export const PAGES = {
  home: "/",
  plp: "/plp?type=COUNTRY",
  pdp: "/pdp/",
} as const;
export type PageName = keyof typeof PAGES;
export const PAGE_NAMES = Object.keys(PAGES) as PageName[];

/** Issue 15: the personal pages, signed in (the checkout of the pdp's plan). */
export const PERSONAL_PAGES = {
  esimList: "/ucenter/esim",
  orderList: "/ucenter/order/list",
  checkout: "/checkout?platformProductCode=",
} as const;
export type PersonalPage = keyof typeof PERSONAL_PAGES;
export const PERSONAL_PAGE_NAMES = Object.keys(PERSONAL_PAGES) as PersonalPage[];

/** A store page's path; the pdp names `planCode`. */
export function pagePath(name: PageName, planCode: string): string {
  return name === "pdp" ? `${PAGES.pdp}${planCode}` : PAGES[name];
}

/** A personal page's path; checkout names `planCode`. */
export function personalPath(name: PersonalPage, planCode: string): string {
  return name === "checkout" ? `${PERSONAL_PAGES.checkout}${planCode}` : PERSONAL_PAGES[name];
}
