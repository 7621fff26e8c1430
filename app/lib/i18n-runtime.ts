import type { Locale } from "../../core/constants.ts";
import { type CompiledMessages, format, provideCompiled } from "../../core/i18n/format.ts";
import type { MessageKey } from "../../core/i18n/index.ts";

/**
 * The browser's stand-in for core/i18n/index.ts (ADR 0005): vite.config.ts resolves that module to this one in
 * the client build, so browser code keeps calling translate() while only the current locale's messages, which
 * the root loader already sends, reach the browser instead of every catalogue in every locale.
 */
let current: { locale: Locale; messages: Record<string, string> } | null = null;

/** Called by the root route with its loader's messages, before any child renders. */
export function provideMessages(
  locale: Locale,
  messages: Record<string, string>,
  compiled?: CompiledMessages,
) {
  if (current?.messages !== messages) {
    current = { locale, messages };
    provideCompiled(compiled);
  }
}

/** The feature bundles' messages (app/lib/route-messages.ts), kept once seen so code outside React finds them. */
let featureMessages: Record<string, string> = {};
const seen = new WeakSet<object>();

/** Called by the root with each matched route's bundle (browser only: the server has every catalogue). */
export function provideFeatureMessages(messages: Record<string, string>, compiled?: CompiledMessages) {
  if (typeof document === "undefined" || seen.has(messages)) return;
  seen.add(messages);
  provideCompiled(compiled);
  featureMessages = { ...featureMessages, ...messages };
}

function lookup(key: string): string | undefined {
  return current?.messages[key] ?? featureMessages[key];
}

export { format };

export function isMessageKey(key: string): key is MessageKey {
  return lookup(key) !== undefined;
}

export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return format(lookup(key) ?? key, params, locale);
}
