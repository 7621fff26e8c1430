import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { z } from "zod";
import { DEFAULT_SITE_CODE, LOCALES } from "../../core/constants.ts";
import * as api from "../../server/modules/content/console-contract.ts";
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
  linkClass,
  PageTitle,
  SelectField,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.pages";

// The page editor's page list (issue 17): home, landing pages and templates per site and locale. The page reads
// and sends through the page editor's contracts (issue 33 item 1, ADR 0415).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "pages.read");
  const { pages } = await readConsole(args, api.listPages, {});
  return { pages, canWrite: operator.permissions.includes("pages.write") };
}

const Intent = z.object({ intent: z.enum(["create", "duplicate"]) });

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "pages.write");
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Intent });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent } = chosen.value;
  if (intent === "duplicate") {
    const submission = parseWithZod(form, { schema: api.DuplicateForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    const { id, ...body } = submission.value;
    const answer = await callConsole(args, api.duplicatePage, { params: { id }, body });
    if (answer.ok) throw redirect(`/admin/pages/${answer.value.id}`);
    return answerResult(intent, answer);
  }
  const submission = parseWithZod(form, { schema: api.CreateForm });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  const answer = await callConsole(args, api.createPage, {
    body: { ...submission.value, siteCode: DEFAULT_SITE_CODE },
  });
  if (answer.ok) throw redirect(`/admin/pages/${answer.value.id}`);
  return answerResult(intent, answer);
}

export default function ConsolePages({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { pages, canWrite } = loaderData;
  return (
    <>
      <title>{`${t("console.pages.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.pages.title")}</PageTitle>
      <ActionNote result={result} />
      <Table
        caption={t("console.pages.title")}
        head={[
          t("console.pages.name"),
          t("console.pages.code"),
          t("console.pages.language"),
          t("console.pages.type"),
          t("console.pages.state"),
          canWrite ? t("console.pages.duplicate") : "",
        ]}
      >
        {pages.map((page) => (
          <tr key={page.id}>
            <Cell>
              <Link to={`/admin/pages/${page.id}`} className={linkClass}>
                {page.title}
              </Link>
            </Cell>
            <Cell>{page.pageCode}</Cell>
            <Cell>{page.lang}</Cell>
            <Cell>{t(`console.pages.type.${page.pageType}`)}</Cell>
            <Cell>
              {page.publishedAt
                ? t("console.pages.published", { when: formatWhen(page.publishedAt, t.language) })
                : t("console.pages.notPublished")}
              {page.hasDraft && ` · ${t("console.pages.draft")}`}
            </Cell>
            <Cell>
              {canWrite && (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="duplicate" />
                  <input type="hidden" name="id" value={page.id} />
                  <Field
                    label={`${t("console.pages.newCode")} (${page.pageCode}, ${page.lang})`}
                    name="pageCode"
                    required
                    pattern="[a-z0-9][a-z0-9\-]{0,63}"
                  />
                  <Field label={t("console.pages.newTitle")} name="title" required maxLength={120} />
                  <button type="submit" className={`${secondaryButtonClass} mb-3`}>
                    {t("console.pages.duplicateOf", { code: page.pageCode })}
                  </button>
                </Form>
              )}
            </Cell>
          </tr>
        ))}
      </Table>
      {canWrite && (
        <section aria-labelledby="create-page" className="mt-8 max-w-md">
          <h2 id="create-page" className="mb-3 text-lg font-semibold">
            {t("console.pages.create")}
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value="create" />
            <Field label={t("console.pages.name")} name="title" required maxLength={120} />
            <Field
              label={t("console.pages.code")}
              name="pageCode"
              required
              pattern="[a-z0-9][a-z0-9\-]{0,63}"
            />
            <SelectField
              label={t("console.pages.language")}
              name="lang"
              options={LOCALES.map((locale) => ({ value: locale, label: locale }))}
            />
            <SelectField
              label={t("console.pages.type")}
              name="pageType"
              defaultValue="LANDING"
              options={(["LANDING", "TEMPLATE", "HOME"] as const).map((type) => ({
                value: type,
                label: t(`console.pages.type.${type}`),
              }))}
            />
            <button type="submit" className={buttonClass}>
              {t("console.pages.create")}
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
