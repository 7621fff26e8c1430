import { describe, expect, it } from "vitest";
import { LOCALES } from "../../core/constants.ts";
import {
  BUNDLED_MESSAGE_MODULES,
  messagesOf,
  SENT_SHELL_MESSAGE_MODULES,
  SHELL_MESSAGE_MODULES,
} from "../../core/i18n/index.ts";
import { withBundledMessages } from "./root-messages.ts";

describe("the shell's messages: sent by the root loader, or held by the browser build (ADR 0290)", () => {
  it.each(LOCALES)("%s: the page reads every shell message, though the loader sends fewer", (locale) => {
    const sent = messagesOf(locale, SENT_SHELL_MESSAGE_MODULES);
    const read = withBundledMessages(locale, sent);
    expect(read).toEqual(messagesOf(locale, SHELL_MESSAGE_MODULES));
    // What the browser build holds is not sent again.
    const bundled = Object.keys(messagesOf(locale, BUNDLED_MESSAGE_MODULES));
    expect(bundled.length).toBeGreaterThan(20);
    for (const key of bundled) expect(sent).not.toHaveProperty(key);
    // Built once per loader answer.
    expect(withBundledMessages(locale, sent)).toBe(read);
  });
});
