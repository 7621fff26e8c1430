import { z } from "zod";

/**
 * A submitted console form as Conform's `parseWithZod` hands it to a schema: each name's text, a list of texts
 * for a name sent more than once (ticked boxes), or a group for dotted names (`title.en_US`). Read through this,
 * a page never casts the raw form: a missing field, a list where text was expected or a stray value reads as ""
 * or [], and the endpoint's own schema then says what is wrong.
 */
export interface SubmittedForm {
  /** The field's text, trimmed; "" when absent or not text. */
  text(name: string): string;
  /** Every text sent under the name (ticked boxes), trimmed; [] when none. */
  texts(name: string): string[];
  /** The fields under a dotted prefix (`group("title").text("en_US")` reads `title.en_US`). */
  group(name: string): SubmittedForm;
}

function entries(value: unknown): Map<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? new Map(Object.entries(value))
    : new Map();
}

export function submittedForm(value: unknown): SubmittedForm {
  const fields = entries(value);
  return {
    text(name) {
      const entry = fields.get(name);
      return typeof entry === "string" ? entry.trim() : "";
    },
    texts(name) {
      const entry = fields.get(name);
      const list = Array.isArray(entry) ? entry : entry === undefined ? [] : [entry];
      return list.filter((item): item is string => typeof item === "string").map((item) => item.trim());
    },
    group(name) {
      return submittedForm(fields.get(name));
    },
  };
}

/**
 * A form schema for a console endpoint: `build` turns the form as typed into the endpoint's body, which the
 * endpoint's own schema (`body`) then checks, so the page's field errors are the API's (issue 33 item 1).
 */
export function formSchema<Body extends z.ZodType>(body: Body, build: (form: SubmittedForm) => unknown) {
  return z.preprocess((value) => build(submittedForm(value)), body);
}
