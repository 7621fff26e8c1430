/** Help centre categories (issue 10); their names are UI strings (core/i18n/messages/help.ts). */
export const HELP_CATEGORIES = ["buying", "installing", "abroad", "topups", "refunds", "account"] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

/** A help article's address segment (/ucenter/help/{slug}). */
export const HELP_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * The help articles that fit a page (issue 10): the checkout, the eSIM pages and the payment result link to them.
 * Slugs of the seeded articles (db/seed/help.ts); an article an operator unpublishes drops out of the list.
 */
export const HELP_TOPICS = {
  checkout: ["choose-a-plan", "payment-methods", "request-a-refund"],
  esim: ["install-on-iphone", "install-on-android", "turn-on-roaming", "no-connection-abroad"],
  payResult: ["install-on-iphone", "install-on-android", "refund-timing"],
} as const;
export type HelpTopicPage = keyof typeof HELP_TOPICS;
