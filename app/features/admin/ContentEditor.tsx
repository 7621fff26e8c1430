import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { ActionResult } from "./console.server.ts";
import { useConsoleT } from "./i18n.tsx";
import { ActionNote, buttonClass, Field, inputClass, linkClass, PageTitle } from "./ui.tsx";

/**
 * The console's editor of one piece of store content in one language (ADR 0284): a help article or a note. The
 * back link, the heading, the outcome of the last save, the key field when the piece is new, the piece's own
 * fields, its body and the save button. What differs between the two is in the props.
 */
export function ContentEditor({
  lang,
  isNew,
  name,
  newLabel,
  kindLabel,
  itemKey,
  keyField,
  result,
  fields,
  body,
  after,
}: {
  lang: string;
  isNew: boolean;
  /** The stored piece's title, for the document title (the new label when there is none). */
  name: string | undefined;
  /** "New article", the heading and document title of a new piece. */
  newLabel: string;
  /** "Article", the heading's word before the key of an existing piece. */
  kindLabel: string;
  itemKey: string;
  /** The key's field, shown only for a new piece. */
  keyField: { label: string; name: string; pattern: string };
  result: ActionResult | undefined;
  /** The fields above the body. */
  fields: ReactNode;
  body: { id: string; name: string; defaultValue: string | undefined };
  /** The fields below the body. */
  after?: ReactNode;
}) {
  const t = useConsoleT();
  return (
    <>
      <title>{`${name ?? newLabel} · ${t("console.title")}`}</title>
      <p className="mb-2 text-sm">
        <Link className={linkClass} to={`/admin/content?lang=${lang}`}>
          {t("console.content.back")}
        </Link>
      </p>
      <PageTitle>{isNew ? newLabel : `${kindLabel} ${itemKey} (${lang})`}</PageTitle>
      <ActionNote result={result} success={t("console.saved")} />
      <Form method="post" className="max-w-3xl">
        <input type="hidden" name="lang" value={lang} />
        {isNew ? (
          <Field label={keyField.label} name={keyField.name} required pattern={keyField.pattern} />
        ) : null}
        {fields}
        <label htmlFor={body.id} className="mb-1 block text-sm font-medium">
          {t("console.content.body")}
        </label>
        <textarea
          id={body.id}
          name={body.name}
          rows={14}
          required
          defaultValue={body.defaultValue}
          className={`${inputClass} mb-3`}
        />
        {after}
        <button type="submit" className={buttonClass}>
          {t("console.save")}
        </button>
      </Form>
    </>
  );
}
