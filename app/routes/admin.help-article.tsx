import { Form, Link, redirect, useActionData } from "react-router";
import {
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import {
  ActionNote,
  buttonClass,
  Field,
  inputClass,
  linkClass,
  PageTitle,
  SelectField,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.help-article";

const LANGS = ["en_US", "zh_CN", "zh_HK"] as const;
const CATEGORIES = ["buying", "installing", "abroad", "topups", "refunds", "account"] as const;

interface Article {
  slug: string;
  category: (typeof CATEGORIES)[number];
  title: string;
  summary: string;
  body: string;
  sortOrder: number;
  published: boolean;
}

// One help article in one store language (ADR 0234); "new" makes one.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "content.read");
  const asked = new URL(args.request.url).searchParams.get("lang");
  const lang = LANGS.find((l) => l === asked) ?? "en_US";
  const slug = args.params.slug;
  if (slug === "new") return { lang, article: null };
  const result = await callConsoleRead(
    args,
    `/o2adm/v1/content/help/${encodeURIComponent(slug)}?lang=${lang}`,
  );
  return { lang, article: result };
}

/** An article that does not exist yet in this language opens as an empty form with its slug. */
async function callConsoleRead(args: Route.LoaderArgs, path: string): Promise<Article | null> {
  const result = await callConsole(args, { method: "GET", path });
  if (result.status === 404) return null;
  if (result.status !== 200) return readConsole<Article>(args, path);
  return result.body as Article;
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const lang = field(form, "lang");
  const slug = args.params.slug === "new" ? field(form, "slug").toLowerCase() : args.params.slug;
  const body = {
    lang,
    category: field(form, "category"),
    title: field(form, "title"),
    summary: field(form, "summary"),
    body: String(form.get("body") ?? ""),
    sortOrder: Number(field(form, "sortOrder") || 0),
    published: form.get("published") === "on",
  };
  const result = await callConsole(args, {
    method: "PUT",
    path: `/o2adm/v1/content/help/${encodeURIComponent(slug)}`,
    body,
  });
  if (result.status === 200 && args.params.slug === "new")
    throw redirect(`/admin/content/help/${encodeURIComponent(slug)}?lang=${lang}`);
  return actionResult("save", result);
}

export default function ConsoleHelpArticle({ loaderData, params }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { lang, article } = loaderData;
  const isNew = params.slug === "new";
  return (
    <>
      <title>{`${article?.title ?? t("console.content.newArticle")} · ${t("console.title")}`}</title>
      <p className="mb-2 text-sm">
        <Link className={linkClass} to={`/admin/content?lang=${lang}`}>
          {t("console.content.back")}
        </Link>
      </p>
      <PageTitle>
        {isNew ? t("console.content.newArticle") : `${t("console.content.article")} ${params.slug} (${lang})`}
      </PageTitle>
      <ActionNote result={result} success={t("console.saved")} />
      <Form method="post" className="max-w-3xl">
        <input type="hidden" name="lang" value={lang} />
        {isNew ? (
          <Field label={t("console.content.slug")} name="slug" required pattern="[a-z0-9-]{1,64}" />
        ) : null}
        <SelectField
          label={t("console.content.category")}
          name="category"
          defaultValue={article?.category ?? "buying"}
          options={CATEGORIES.map((c) => ({ value: c, label: c }))}
        />
        <Field label={t("console.content.docTitle")} name="title" required defaultValue={article?.title} />
        <Field label={t("console.content.summary")} name="summary" defaultValue={article?.summary} />
        <label htmlFor="article-body" className="mb-1 block text-sm font-medium">
          {t("console.content.body")}
        </label>
        <textarea
          id="article-body"
          name="body"
          rows={14}
          required
          defaultValue={article?.body}
          className={`${inputClass} mb-3`}
        />
        <Field
          label={t("console.plan.sortOrder")}
          name="sortOrder"
          inputMode="numeric"
          defaultValue={String(article?.sortOrder ?? 0)}
        />
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name="published" defaultChecked={article?.published ?? true} />
          {t("console.content.showOnStore")}
        </label>
        <button type="submit" className={buttonClass}>
          {t("console.save")}
        </button>
      </Form>
    </>
  );
}
