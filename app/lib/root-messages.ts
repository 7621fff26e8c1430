import type { Locale } from "../../core/constants.ts";
import type { MessageKey } from "../../core/i18n/index.ts";
import commonMessages from "../../core/i18n/messages/common.ts";

type Messages = Partial<Record<MessageKey, string>>;

const merged = new WeakMap<object, Messages>();

/**
 * The shell's messages as the page reads them: the root loader's, plus the shell modules the browser build holds
 * anyway and the loader therefore leaves out (`BUNDLED_MESSAGE_MODULES`: `common`, which root.tsx's error page
 * imports; ADR 0290). The same on the server and in the browser; built once per loader answer.
 */
export function withBundledMessages(locale: Locale, sent: Messages): Messages {
  let messages = merged.get(sent);
  if (!messages) {
    messages = { ...(commonMessages[locale] as Messages), ...sent };
    merged.set(sent, messages);
  }
  return messages;
}
