import type { z } from "zod";
import { isMessageKey, type MessageKey } from "../../core/i18n/index.ts";
import { hasUnpairedSurrogate } from "../../core/validation.ts";
import { ApiError } from "./errors.ts";

/** The deepest JSON any request may send (objects and arrays inside each other); deeper input is a 400. */
export const MAX_INPUT_DEPTH = 32;

/** C0 control characters and DEL, except tab, line feed and carriage return (multi-line text keeps those). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Parses input with a zod schema; a failure becomes a 400 whose `fields` map each field to a message key
 * (the client translates them like every other message, ADR 0192). Before the schema runs, input nested deeper
 * than MAX_INPUT_DEPTH or holding a control character or an unpaired UTF-16 surrogate anywhere (key or value) is
 * refused the same way, so neither reaches zod's recursion nor the database (PostgreSQL refuses NUL in text and a
 * lone surrogate in jsonb, and stores one in text as U+FFFD; issue 32 item 3).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const refused = refuseUnsafeInput(input);
  if (refused) throw new ApiError(400, "error.badRequest", { fields: refused });
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ApiError(400, "error.badRequest", { fields: fieldErrors(result.error) });
}

/** One message key per field: the issue's own when it is a key, else the key for its kind of issue. */
export function fieldErrors(error: z.ZodError): Record<string, MessageKey> {
  const fields: Record<string, MessageKey> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issueMessageKey(issue);
  }
  return fields;
}

function issueMessageKey(issue: z.core.$ZodIssue): MessageKey {
  if (isMessageKey(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "validation.required" : "validation.typeMismatch";
    case "too_big":
      if (issue.origin === "string") return "validation.tooLong";
      if (issue.origin === "array" || issue.origin === "set") return "validation.tooMany";
      return "validation.tooLarge";
    case "too_small":
      if (issue.origin === "string")
        return issue.input === "" ? "validation.required" : "validation.tooShort";
      if (issue.origin === "array" || issue.origin === "set") return "validation.tooFew";
      return "validation.tooSmall";
    case "invalid_format":
      if (issue.format === "email") return "validation.email";
      if (issue.format === "url") return "validation.url";
      return "validation.invalid";
    default:
      return "validation.invalid";
  }
}

/**
 * Walks input without recursion (a hostile document cannot overflow the stack) and names the first place
 * that is nested too deep or holds a control character or an unpaired surrogate; null when the input is safe to
 * validate.
 */
export function refuseUnsafeInput(input: unknown): Record<string, MessageKey> | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === "string") {
      const refused = refusedText(value);
      if (refused) return { [path || "_"]: refused };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_INPUT_DEPTH) return { [path || "_"]: "validation.tooDeep" };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const refused = refusedText(key);
      if (refused) return { [path || "_"]: refused };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

function refusedText(value: string): MessageKey | null {
  if (CONTROL_CHARACTER.test(value)) return "validation.controlCharacters";
  if (hasUnpairedSurrogate(value)) return "validation.unpairedSurrogate";
  return null;
}
