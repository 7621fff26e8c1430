import type { Location } from "react-router";
import { splitLocale } from "../../core/locale-path.ts";

// spec 2: scroll position is remembered for home, list, my-eSIM and order-list pages; every other page opens at
// the top. Remembered pages key their position by path so that a fresh visit returns to where the shopper was.
const REMEMBERED = [
  /^\/$/,
  /^\/plp$/,
  /^\/ucenter\/eSIM$/,
  /^\/my\/order\/list$/,
  /^\/ucenter\/order\/list$/,
];

export function scrollKey(location: Location): string {
  const { rest } = splitLocale(location.pathname);
  return REMEMBERED.some((pattern) => pattern.test(rest)) ? location.pathname : location.key;
}
