import type { z } from "zod";
import { ApiError } from "./errors.ts";

/** Parses input with a zod schema; a failure becomes a 400 with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  throw new ApiError(400, "error.badRequest", { fields });
}
