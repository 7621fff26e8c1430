import { type CompiledMessages, compileMessages, format } from "../format.ts";
import bulk from "./bulk.ts";
import core from "./core.ts";
import media from "./media.ts";
import merch from "./merch.ts";
import moderation from "./moderation.ts";
import pageScope from "./page-scope.ts";
import pages from "./pages.ts";
import reconcile from "./reconcile.ts";
import refunds from "./refunds.ts";
import suppliers from "./suppliers.ts";
import support from "./support.ts";

/**
 * Every console message module, by name (issue 16). A console feature adds its own file next to core.ts
 * (defineConsoleMessages) and lists it here once; the console sends all of them to the browser.
 */
const named = {
  core,
  merch,
  support,
  pages,
  pageScope,
  moderation,
  media,
  suppliers,
  reconcile,
  refunds,
  bulk,
} as const;

export const consoleMessageModules = named;
export const CONSOLE_LANGUAGES = ["en_US", "zh_CN"] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

type ModuleKeys<M> = M extends { en_US: Record<infer K, string> } ? K : never;
export type ConsoleMessageKey = ModuleKeys<(typeof named)[keyof typeof named]>;
export type ConsoleMessages = Record<ConsoleMessageKey, string>;

function assemble(language: ConsoleLanguage): ConsoleMessages {
  return Object.freeze(
    Object.assign({}, ...Object.values(named).map((module) => module[language])),
  ) as ConsoleMessages;
}

export const consoleCatalogues: Record<ConsoleLanguage, ConsoleMessages> = {
  en_US: assemble("en_US"),
  zh_CN: assemble("zh_CN"),
};

const compiledByLanguage = new Map<ConsoleLanguage, CompiledMessages>();

/**
 * The syntax trees of the console's messages with ICU arguments (plural, select), parsed on the server: the browser
 * build has no ICU parser (ADR 0247), so the console root sends these with its messages and the browser formats a
 * plural from its tree. Without them a plural message threw in the browser.
 */
export function consoleCompiled(language: ConsoleLanguage): CompiledMessages {
  let trees = compiledByLanguage.get(language);
  if (!trees) {
    trees = compileMessages(consoleCatalogues[language]);
    compiledByLanguage.set(language, trees);
  }
  return trees;
}

export function isConsoleLanguage(value: unknown): value is ConsoleLanguage {
  return value === "en_US" || value === "zh_CN";
}

export function consoleTranslate(
  messages: ConsoleMessages,
  key: ConsoleMessageKey,
  params?: Record<string, string | number>,
  language: ConsoleLanguage = "en_US",
): string {
  return format(messages[key] ?? key, params, language.replace("_", "-"));
}
