import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A console form over Conform (issue 33 item 1, ADR 0407): the fields are read from the form's FormData by the
 * action with the endpoint's contract schema (`parseWithZod`), never one by one, and the action's reply
 * (`formReply` in console.server.ts, errors already translated) puts each problem beside its field and the API's
 * message above the form. The schema's limits (required, lengths) are also set on the inputs. No field keeps its
 * value in React state.
 */
export function useConsoleForm<Schema extends z.ZodType>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  id?: string,
) {
  return useForm<z.input<Schema> & Record<string, unknown>>({
    ...(id ? { id } : {}),
    lastResult: lastResult ?? null,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
  });
}

/** The first problem of a field, as the reply said it. */
export function firstError(errors: string[] | undefined): string | undefined {
  return errors?.[0];
}

/** The form's own message (the API's refusal), above the form. */
export function FormMessage({ errors }: { errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="mb-3 rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
      {errors.join(" ")}
    </p>
  );
}
