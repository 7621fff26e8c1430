/**
 * The stand-in shopper the signed-in template of a store page is rendered with (ADR 0246): the server renders
 * home, plp and pdp once with these values in the header and the root's loader data, stores that page in the
 * HTML cache cut at each of them, and sends each signed-in shopper the page with their own values put in, escaped
 * for where each one stands. The values occur nowhere else in a page; the number is the unread count.
 */
export const PERSONAL_TEMPLATE_USER = {
  nickName: "Rmly7tplNickQ",
  shortName: "Rmly7tplShortQ",
  loginName: "Rmly7tplLoginQ",
  unreadNotifications: 918_273_645,
} as const;
