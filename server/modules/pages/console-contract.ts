import { z } from "zod";
import { LOCALES } from "../../../core/constants.ts";
import { HELP_CATEGORIES } from "../../../core/help.ts";
import { NOTE_CODE_PATTERN } from "../../../core/ids.ts";
import { LEGAL_PAGE_KINDS } from "../../../core/legal-page.ts";
import { consoleContract } from "../admin/contract.ts";

// The console's content endpoints as contracts (issue 33 item 1, ADRs 0407, 0414; issue 16, ADR 0234): legal
// documents (drafted, then published as a new version), the footer's contact ways, help articles and notes, each in
// one store language. The pages' forms parse with these body schemas; where a form types a value differently from
// the API's JSON (a list one per line, a datetime-local time read as UTC, a checkbox), the schema is one function
// with a `form` side, and the JSON side is exactly what the API took before.

interface Side {
  /** The console page's form: every field is sent, as text; an empty or absent one is "" / [] / false. */
  form: boolean;
}

const Lang = z.enum(LOCALES);
const LangQuery = z.object({ lang: Lang.default("en_US") });
const Html = z.string().max(200_000);
export const IdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const SlugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/, "validation.invalid") });
export const NoteParam = z.object({ code: z.string().regex(NOTE_CODE_PATTERN, "validation.invalid") });

/**
 * A text that may be empty. A form sends every field and Conform reads an empty one as absent, so the form side
 * takes an absent text as ""; JSON must send it.
 */
const optionalText = (side: Side, max: number) =>
  side.form
    ? z
        .string()
        .trim()
        .max(max)
        .optional()
        .transform((v) => v ?? "")
    : z.string().trim().max(max);

/** Non-empty trimmed lines (or parts between commas), from a form's text; JSON lists as they are. */
const listOf = (side: Side, separator: RegExp) => (v: unknown) =>
  typeof v === "string" && side.form
    ? v
        .split(separator)
        .map((part) => part.trim())
        .filter(Boolean)
    : side.form && v === undefined
      ? []
      : v;

/**
 * A time: an ISO instant with an offset; from a form also a datetime-local value ("2026-01-01T09:30"), read as UTC
 * as the console's content pages show it.
 */
const instant = (side: Side) =>
  z.preprocess(
    (v) =>
      side.form && typeof v === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v.trim())
        ? `${v.trim().length === 16 ? `${v.trim()}:00` : v.trim()}Z`
        : v,
    z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
  );

export function legalDraftSchema(side: Side) {
  return z.object({
    kind: z.enum(LEGAL_PAGE_KINDS),
    lang: Lang,
    title: z.string().trim().min(1).max(200),
    body: Html.min(1),
    effectiveAt: instant(side),
  });
}

/** A contact way per line as "key: value" from a form (a line without ":" is a key with no value). */
const contactWayLines = (side: Side) => (v: unknown) =>
  typeof v === "string" && side.form
    ? (listOf(side, /\r?\n/)(v) as string[]).map((line) => {
        const at = line.indexOf(":");
        return at < 0
          ? { key: line, value: "" }
          : { key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
      })
    : listOf(side, /\r?\n/)(v);

export function footerSchema(side: Side) {
  return z.object({
    lang: Lang,
    contactWaysTitle: optionalText(side, 100),
    contactWays: z.preprocess(
      contactWayLines(side),
      z
        .array(z.object({ key: z.string().trim().min(1).max(40), value: z.string().trim().min(1).max(200) }))
        .max(20),
    ),
    contentList: z.preprocess(listOf(side, /\r?\n/), z.array(z.string().trim().min(1).max(300)).max(20)),
  });
}

export function articleSchema(side: Side) {
  return z.object({
    lang: Lang,
    category: z.enum(HELP_CATEGORIES),
    title: z.string().trim().min(1).max(200),
    summary: optionalText(side, 500),
    body: Html.min(1),
    sortOrder: z.preprocess(
      (v) => (side.form && typeof v === "string" ? Number(v.trim()) : side.form && v === undefined ? 0 : v),
      z.number().int().min(0).max(10_000).default(0),
    ),
    // A form's unticked box is absent: hidden from the store. JSON without the flag publishes.
    published: side.form
      ? z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean())
      : z.boolean().default(true),
  });
}

export function noteSchema(side: Side) {
  return z.object({
    lang: Lang,
    noteTitle: z.string().trim().min(1).max(200),
    mediaUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/(?!\/)|https:\/\/)[^\s"'<>\\]*$/, "validation.url"),
    noteContent: Html.min(1),
    // From a form: topics separated by commas or lines.
    topicNameList: z.preprocess(
      listOf(side, /[,\r\n]+/),
      z.array(z.string().trim().min(1).max(40)).max(10).default([]),
    ),
    publishedAt: instant(side),
  });
}

// The answers, as the pages read them (times as ISO strings).
const LegalRow = z.object({
  id: z.number(),
  kind: z.enum(LEGAL_PAGE_KINDS),
  version: z.number(),
  title: z.string(),
  effectiveAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type LegalRow = z.infer<typeof LegalRow>;
const LegalDocument = LegalRow.extend({ lang: z.string(), body: z.string(), createdAt: z.string() });
const Footer = z.object({
  contactWaysTitle: z.string(),
  contactWays: z.array(z.object({ key: z.string(), value: z.string() })),
  contentList: z.array(z.string()),
});
const ArticleRow = z.object({
  slug: z.string(),
  category: z.enum(HELP_CATEGORIES),
  title: z.string(),
  published: z.boolean(),
  sortOrder: z.number(),
  updatedAt: z.string(),
});
const Article = ArticleRow.extend({ lang: z.string(), summary: z.string(), body: z.string() });
const NoteRow = z.object({ noteInfoCode: z.string(), noteTitle: z.string(), publishedAt: z.string() });
const Note = NoteRow.extend({
  lang: z.string(),
  mediaUrl: z.string(),
  noteContent: z.string(),
  topicNameList: z.array(z.string()),
});

export const listLegal = consoleContract({
  method: "GET",
  path: "/content/legal",
  permission: "content.read",
  query: LangQuery,
  response: z.object({ documents: z.array(LegalRow) }),
});

export const getLegal = consoleContract({
  method: "GET",
  path: "/content/legal/:id",
  permission: "content.read",
  params: IdParam,
  response: LegalDocument,
});

export const draftLegal = consoleContract({
  method: "POST",
  path: "/content/legal",
  permission: "content.write",
  body: legalDraftSchema({ form: false }),
  response: LegalDocument,
});

export const publishLegal = consoleContract({
  method: "POST",
  path: "/content/legal/:id/publish",
  permission: "content.write",
  params: IdParam,
  response: LegalDocument,
});

export const getFooter = consoleContract({
  method: "GET",
  path: "/content/footer",
  permission: "content.read",
  query: LangQuery,
  response: Footer,
});

export const saveFooter = consoleContract({
  method: "PUT",
  path: "/content/footer",
  permission: "content.write",
  body: footerSchema({ form: false }),
  response: Footer,
});

export const listHelp = consoleContract({
  method: "GET",
  path: "/content/help",
  permission: "content.read",
  query: LangQuery,
  response: z.object({ articles: z.array(ArticleRow) }),
});

export const getHelp = consoleContract({
  method: "GET",
  path: "/content/help/:slug",
  permission: "content.read",
  params: SlugParam,
  query: LangQuery,
  response: Article,
});

export const saveHelp = consoleContract({
  method: "PUT",
  path: "/content/help/:slug",
  permission: "content.write",
  params: SlugParam,
  body: articleSchema({ form: false }),
  response: Article,
});

export const listNotes = consoleContract({
  method: "GET",
  path: "/content/notes",
  permission: "content.read",
  query: LangQuery,
  response: z.object({ notes: z.array(NoteRow) }),
});

export const getNote = consoleContract({
  method: "GET",
  path: "/content/notes/:code",
  permission: "content.read",
  params: NoteParam,
  query: LangQuery,
  response: Note,
});

export const saveNote = consoleContract({
  method: "PUT",
  path: "/content/notes/:code",
  permission: "content.write",
  params: NoteParam,
  body: noteSchema({ form: false }),
  response: Note,
});
