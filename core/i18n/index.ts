import type { Locale } from "../constants.ts";
import { type CompiledMessages, compileMessages, format } from "./format.ts";
import account from "./messages/account.ts";
import accountUi from "./messages/account-ui.ts";
import address from "./messages/address.ts";
import adminApi from "./messages/admin-api.ts";
import catalog from "./messages/catalog.ts";
import checkoutUi from "./messages/checkout-ui.ts";
import common from "./messages/common.ts";
import consoleBulk from "./messages/console-bulk.ts";
import consoleMerch from "./messages/console-merch.ts";
import consoleReconcile from "./messages/console-reconcile.ts";
import consoleSuppliers from "./messages/console-suppliers.ts";
import content from "./messages/content.ts";
import credit from "./messages/credit.ts";
import discovery from "./messages/discovery.ts";
import esim from "./messages/esim.ts";
import esimUi from "./messages/esim-ui.ts";
import help from "./messages/help.ts";
import helpLinks from "./messages/help-links.ts";
import http from "./messages/http.ts";
import inApp from "./messages/in-app.ts";
import install from "./messages/install.ts";
import invoice from "./messages/invoice.ts";
import journey from "./messages/journey.ts";
import mail from "./messages/mail.ts";
import media from "./messages/media.ts";
import notify from "./messages/notifications.ts";
import ordersUi from "./messages/orders-ui.ts";
import pageEditor from "./messages/page-editor.ts";
import pages from "./messages/pages.ts";
import purchase from "./messages/purchase.ts";
import refund from "./messages/refund.ts";
import search from "./messages/search.ts";
import sfbUi from "./messages/sfb-ui.ts";
import shell from "./messages/shell.ts";
import uploads from "./messages/uploads.ts";
import validation from "./messages/validation.ts";

export { format };

// Every feature's message module is listed here once, by name.
const named = {
  account,
  accountUi,
  address,
  inApp,
  common,
  shell,
  http,
  validation,
  catalog,
  content,
  discovery,
  search,
  purchase,
  checkoutUi,
  ordersUi,
  invoice,
  esim,
  esimUi,
  install,
  pageEditor,
  pages,
  help,
  helpLinks,
  notify,
  adminApi,
  consoleBulk,
  consoleMerch,
  consoleSuppliers,
  consoleReconcile,
  credit,
  refund,
  sfbUi,
  uploads,
  journey,
  mail,
  media,
} as const;
/** Every module by name (the feature-messages test maps keys to modules). */
export const namedMessageModules = named;
const modules = Object.values(named) as (typeof named)[keyof typeof named][];

export type MessageModuleName = keyof typeof named;

/**
 * What every page's browser gets (ADR 0005): the shell and the search overlay. Other modules reach the browser only
 * with the pages whose routes name them (app/lib/route-messages.ts): the account forms' modules (account,
 * accountUi, validation, address) go with the sign-in, registration, checkout and /my pages, discovery with the
 * product pages (ADR 0286); invoice and esim are the server's own (PDFs and e-mails).
 */
export const SHELL_MESSAGE_MODULES = [
  "common",
  "shell",
  "http",
  "catalog",
  "search",
  "inApp",
] as const satisfies readonly MessageModuleName[];

/**
 * Shell modules the browser build already holds (root.tsx's error page imports `common` whole), so the root loader
 * leaves them out of its data and the browser merges them back in (app/lib/root-messages.ts, ADR 0290).
 */
export const BUNDLED_MESSAGE_MODULES = [
  "common",
] as const satisfies readonly (typeof SHELL_MESSAGE_MODULES)[number][];

/** The shell modules the root loader sends. */
export const SENT_SHELL_MESSAGE_MODULES = SHELL_MESSAGE_MODULES.filter(
  (name) => !(BUNDLED_MESSAGE_MODULES as readonly string[]).includes(name),
);

/**
 * The feature bundles: the modules a feature's pages need beyond the shell's. A route module names its bundles in its
 * `handle` (`{ messages: [...] }`, app/lib/route-messages.ts, ADR 0418) and the page gets those of every matched
 * route. app/lib/feature-messages.test.ts checks that every page's code only uses keys its matched routes name.
 */
export const FEATURE_MESSAGE_BUNDLES = {
  account: ["account", "accountUi", "validation", "address"],
  discovery: ["discovery"],
  content: ["content"],
  // Checkout, orders and top-up show plans as the product pages do (plan formats, price tags, the rating form).
  purchase: ["checkoutUi", "purchase", "helpLinks", "journey", "discovery"],
  // The order page's refund panel (issue 29): its forms, their errors, the screenshot upload, the eSIMs' states.
  orders: ["ordersUi", "purchase", "discovery", "refund", "validation", "uploads", "esimUi"],
  esim: ["esimUi", "helpLinks", "journey", "discovery"],
  install: ["install"],
  // The refund policy page renders from the policy data (issue 29).
  pages: ["pages", "help", "uploads", "refund"],
  notifications: ["notify"],
  sfb: ["sfbUi", "credit"],
  uploads: ["uploads"],
} as const satisfies Record<string, readonly MessageModuleName[]>;

export type FeatureMessageBundle = keyof typeof FEATURE_MESSAGE_BUNDLES;

/**
 * Messages the browser loads as one JavaScript module per bundle and locale (ADR 0293) instead of reading them from
 * loader data in every page's HTML: the root's shell modules (without the bundled `common`) and every feature
 * bundle (ADR 0297, 0418). The client build makes the modules (`localeBundles()` in vite.config.ts); the browser's
 * stand-in for this file (app/lib/i18n-browser.ts) loads them; here, on the server, every catalogue is at hand.
 */
export const LOCALE_BUNDLES = {
  shell: SENT_SHELL_MESSAGE_MODULES,
  ...FEATURE_MESSAGE_BUNDLES,
} as const satisfies Record<string, readonly MessageModuleName[]>;

export type LocaleBundleName = keyof typeof LOCALE_BUNDLES;

/** One locale bundle: its messages and the syntax trees of its ICU messages (the browser has no parser). */
export interface LocaleBundle {
  messages: Partial<Messages>;
  compiled: CompiledMessages;
}

const localeBundles = new Map<string, LocaleBundle>();

/** A locale bundle's messages, the same object on every call (the browser's module's content). */
export function localeBundle(name: LocaleBundleName, locale: Locale): LocaleBundle {
  const key = `${name}/${locale}`;
  let bundle = localeBundles.get(key);
  if (!bundle) {
    bundle = Object.freeze({
      messages: messagesOf(locale, LOCALE_BUNDLES[name]),
      compiled: compiledOf(locale, LOCALE_BUNDLES[name]),
    });
    localeBundles.set(key, bundle);
  }
  return bundle;
}

/** Makes a locale bundle readable with `localeBundle`: the browser imports its module; the server has it. */
export function loadLocaleBundle(_name: LocaleBundleName, _locale: Locale): Promise<void> {
  return Promise.resolve();
}

const assembled = new Map<string, Partial<Messages>>();

/**
 * The named modules' messages in one locale, for a page's browser. Assembled once per locale and list, since
 * the root loader asks on every render; the object is shared, so nobody may change it.
 */
export function messagesOf(locale: Locale, names: readonly MessageModuleName[]): Partial<Messages> {
  const key = `${locale}|${names.join(",")}`;
  let messages = assembled.get(key);
  if (!messages) {
    messages = Object.freeze(
      Object.assign({}, ...names.map((name) => named[name][locale])),
    ) as Partial<Messages>;
    assembled.set(key, messages);
  }
  return messages;
}

const compiledSets = new Map<string, CompiledMessages>();

/**
 * The syntax trees of the ICU messages among the named modules' messages (ADR 0247), sent beside them: the browser
 * build has no ICU parser. A handful per bundle; assembled once per locale and list.
 */
export function compiledOf(locale: Locale, names: readonly MessageModuleName[]): CompiledMessages {
  const key = `${locale}|${names.join(",")}`;
  let trees = compiledSets.get(key);
  if (!trees) {
    trees = compileMessages(messagesOf(locale, names));
    compiledSets.set(key, trees);
  }
  return trees;
}

type ModuleKeys<M> = M extends { en_US: Record<infer K, string> } ? K : never;
export type MessageKey = ModuleKeys<(typeof named)[MessageModuleName]>;
export type Messages = Record<MessageKey, string>;

function assemble(locale: Locale): Messages {
  return Object.assign({}, ...modules.map((module) => module[locale])) as Messages;
}

export const catalogues: Record<Locale, Messages> = {
  en_US: assemble("en_US"),
  zh_CN: assemble("zh_CN"),
  zh_HK: assemble("zh_HK"),
};

/** Every message module, for the completeness test. */
export const messageModules: readonly {
  en_US: Record<string, string>;
  zh_CN: Record<string, string>;
  zh_HK: Record<string, string>;
}[] = modules;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalogues.en_US, key);
}

export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return format(catalogues[locale][key], params, locale);
}

/** A translate bound to one locale: `const t = translator(locale); t("mail.footer", { brand })`. */
export type Translator = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translator {
  return (key, params) => translate(locale, key, params);
}
