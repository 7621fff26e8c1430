import { createContext, useContext } from "react";
import {
  type ConsoleLanguage,
  type ConsoleMessageKey,
  type ConsoleMessages,
  consoleTranslate,
} from "../../../core/i18n/console/index.ts";

interface ConsoleI18n {
  language: ConsoleLanguage;
  messages: ConsoleMessages;
}

const Context = createContext<ConsoleI18n | null>(null);

export function ConsoleI18nProvider({ value, children }: { value: ConsoleI18n; children: React.ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The console's translator: `t("console.nav.orders")`, `t("console.pageOf", { page, pages })`. */
export function useConsoleT() {
  const value = useContext(Context);
  if (!value) throw new Error("useConsoleT outside the console");
  const t = (key: ConsoleMessageKey, params?: Record<string, string | number>) =>
    consoleTranslate(value.messages, key, params, value.language);
  return Object.assign(t, { language: value.language });
}

/** Dates and times in the console: the operator's language, UTC shown explicitly. */
export function formatWhen(iso: string, language: ConsoleLanguage): string {
  const text = new Intl.DateTimeFormat(language.replace("_", "-"), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  })
    .format(new Date(iso))
    // One plain space: ICU versions differ in the spaces between parts (a hydration mismatch otherwise).
    .replace(/\s+/gu, " ");
  return `${text} UTC`;
}

/** A money amount in minor units, in the operator's language. */
export function formatMoney(minor: number, currency: string, language: ConsoleLanguage, digits = 2): string {
  return new Intl.NumberFormat(language.replace("_", "-"), {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}
