import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData } from "react-router";
import { z } from "zod";
import * as api from "../../server/modules/pages/console-contract.ts";
import {
  answerResult,
  callConsole,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import {
  ActionNote,
  buttonClass,
  Cell,
  Field,
  IntentButton,
  inputClass,
  linkClass,
  PageTitle,
  SelectField,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.content";

const LANGS = ["en_US", "zh_CN", "zh_HK"] as const;
const LEGAL_KINDS = ["tacCondition", "privacyPolicy", "refundPolicy"] as const;

/** Which form was sent; anything else is the new legal draft's form, as before. */
const Intent = z.object({ intent: z.enum(["footer", "publish", "draft"]).catch("draft") });
const FooterForm = api.footerSchema({ form: true });
const LegalDraftForm = api.legalDraftSchema({ form: true });

// Content (ADR 0234): the footer's contact ways, legal documents (a draft, then published), help articles and
// notes, per store language. Operator HTML is sanitized by the server. The page reads and sends through the content
// contracts (issue 33 item 1, ADRs 0407, 0414).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "content.read");
  const asked = new URL(args.request.url).searchParams.get("lang");
  const lang = LANGS.find((l) => l === asked) ?? "en_US";
  const query = { lang };
  const [footer, legal, help, notes] = await Promise.all([
    readConsole(args, api.getFooter, { query }),
    readConsole(args, api.listLegal, { query }),
    readConsole(args, api.listHelp, { query }),
    readConsole(args, api.listNotes, { query }),
  ]);
  return {
    lang,
    footer,
    legal: legal.documents,
    help: help.articles,
    notes: notes.notes,
    canWrite: operator.permissions.includes("content.write"),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = Intent.parse({ intent: form.get("intent") ?? undefined });
  const { intent } = chosen;
  if (intent === "footer") {
    const submission = parseWithZod(form, { schema: FooterForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.saveFooter, { body: submission.value }));
  }
  if (intent === "publish") {
    const document = parseWithZod(form, { schema: api.IdParam });
    if (document.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
    return answerResult(
      intent,
      await callConsole(args, api.publishLegal, { params: { id: document.value.id } }),
    );
  }
  const submission = parseWithZod(form, { schema: LegalDraftForm });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return answerResult(intent, await callConsole(args, api.draftLegal, { body: submission.value }));
}

export default function ConsoleContent({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { lang, footer, legal, help, notes, canWrite } = loaderData;
  const kindLabel = (kind: api.LegalRow["kind"]) =>
    t(
      (
        {
          tacCondition: "console.content.tacCondition",
          privacyPolicy: "console.content.privacyPolicy",
          refundPolicy: "console.content.refundPolicy",
        } as const
      )[kind],
    );
  return (
    <>
      <title>{`${t("console.content.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.content.title")}</PageTitle>
      <Form method="get" className="mb-6 flex max-w-md items-end gap-3">
        <SelectField
          label={t("console.storeLanguage")}
          name="lang"
          defaultValue={lang}
          options={LANGS.map((l) => ({ value: l, label: l }))}
        />
        <button type="submit" className={`${buttonClass} mb-3`}>
          {t("console.show")}
        </button>
      </Form>

      <section aria-labelledby="footer" className="mb-8 max-w-2xl">
        <h2 id="footer" className="mb-3 text-lg font-semibold">
          {t("console.content.footer")}
        </h2>
        <ActionNote result={result} intent="footer" success={t("console.saved")} />
        <Form method="post" key={`footer-${lang}`}>
          <input type="hidden" name="intent" value="footer" />
          <input type="hidden" name="lang" value={lang} />
          <Field
            label={t("console.content.contactTitle")}
            name="contactWaysTitle"
            defaultValue={footer.contactWaysTitle}
          />
          <label htmlFor="contact-ways" className="mb-1 block text-sm font-medium">
            {t("console.content.contactWays")}
          </label>
          <textarea
            id="contact-ways"
            name="contactWays"
            rows={4}
            defaultValue={footer.contactWays.map((w) => `${w.key}: ${w.value}`).join("\n")}
            className={`${inputClass} mb-3`}
          />
          <label htmlFor="content-list" className="mb-1 block text-sm font-medium">
            {t("console.content.contentList")}
          </label>
          <textarea
            id="content-list"
            name="contentList"
            rows={3}
            defaultValue={footer.contentList.join("\n")}
            className={`${inputClass} mb-3`}
          />
          {canWrite ? (
            <button type="submit" className={buttonClass}>
              {t("console.save")}
            </button>
          ) : null}
        </Form>
      </section>

      <section aria-labelledby="legal" className="mb-8 max-w-3xl">
        <h2 id="legal" className="mb-3 text-lg font-semibold">
          {t("console.content.legal")}
        </h2>
        <ActionNote result={result} intent="publish" success={t("console.content.publishedNote")} />
        {legal.length === 0 ? (
          <p className="mb-3">{t("console.noRecords")}</p>
        ) : (
          <Table
            caption={t("console.content.legal")}
            head={[
              t("console.content.kind"),
              t("console.content.version"),
              t("console.content.docTitle"),
              t("console.content.effective"),
              t("console.content.state"),
              "",
            ]}
          >
            {legal.map((d) => (
              <tr key={d.id}>
                <Cell>{kindLabel(d.kind)}</Cell>
                <Cell>{d.version}</Cell>
                <Cell>{d.title}</Cell>
                <Cell>{formatWhen(d.effectiveAt, t.language)}</Cell>
                <Cell>{d.publishedAt ? t("console.content.published") : t("console.content.draft")}</Cell>
                <Cell>
                  {canWrite && !d.publishedAt ? (
                    <IntentButton
                      intent="publish"
                      label={`${t("console.content.publish")} v${d.version}`}
                      fields={{ id: String(d.id), lang }}
                      secondary
                    />
                  ) : null}
                </Cell>
              </tr>
            ))}
          </Table>
        )}
        {canWrite ? (
          <Form
            method="post"
            key={`legal-${lang}`}
            className="mt-4 rounded border border-slate-300 bg-white p-3"
          >
            <h3 className="mb-2 font-semibold">{t("console.content.newDraft")}</h3>
            <ActionNote result={result} intent="draft" success={t("console.content.drafted")} />
            <input type="hidden" name="intent" value="draft" />
            <input type="hidden" name="lang" value={lang} />
            <SelectField
              label={t("console.content.kind")}
              name="kind"
              options={LEGAL_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            />
            <Field label={t("console.content.docTitle")} name="title" required />
            <Field label={t("console.content.effective")} name="effectiveAt" type="datetime-local" required />
            <label htmlFor="legal-body" className="mb-1 block text-sm font-medium">
              {t("console.content.body")}
            </label>
            <textarea id="legal-body" name="body" rows={8} required className={`${inputClass} mb-3`} />
            <button type="submit" className={buttonClass}>
              {t("console.content.saveDraft")}
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="help" className="mb-8 max-w-3xl">
        <h2 id="help" className="mb-3 text-lg font-semibold">
          {t("console.content.help")}
        </h2>
        {canWrite ? (
          <p className="mb-3">
            <Link className={linkClass} to={`/admin/content/help/new?lang=${lang}`}>
              {t("console.content.newArticle")}
            </Link>
          </p>
        ) : null}
        <ul className="list-disc pl-6 text-sm">
          {help.map((a) => (
            <li key={a.slug}>
              <Link className={linkClass} to={`/admin/content/help/${a.slug}?lang=${lang}`}>
                {a.title}
              </Link>{" "}
              ({a.category}
              {a.published ? "" : `, ${t("console.content.hidden")}`})
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="notes" className="mb-8 max-w-3xl">
        <h2 id="notes" className="mb-3 text-lg font-semibold">
          {t("console.content.notes")}
        </h2>
        {canWrite ? (
          <p className="mb-3">
            <Link className={linkClass} to={`/admin/content/notes/new?lang=${lang}`}>
              {t("console.content.newNote")}
            </Link>
          </p>
        ) : null}
        <ul className="list-disc pl-6 text-sm">
          {notes.map((n) => (
            <li key={n.noteInfoCode}>
              <Link className={linkClass} to={`/admin/content/notes/${n.noteInfoCode}?lang=${lang}`}>
                {n.noteTitle}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
