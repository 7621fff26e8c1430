import { redirect, useActionData } from "react-router";
import { ContentEditor } from "../features/admin/ContentEditor.tsx";
import {
  actionResult,
  callConsole,
  field,
  readConsoleOrNull,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { Field, SelectField } from "../features/admin/ui.tsx";
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
  // An article that does not exist yet in this language opens as an empty form with its slug.
  const article = await readConsoleOrNull<Article>(
    args,
    `/o2adm/v1/content/help/${encodeURIComponent(slug)}?lang=${lang}`,
  );
  return { lang, article };
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
  return (
    <ContentEditor
      lang={lang}
      isNew={params.slug === "new"}
      name={article?.title}
      newLabel={t("console.content.newArticle")}
      kindLabel={t("console.content.article")}
      itemKey={params.slug}
      keyField={{ label: t("console.content.slug"), name: "slug", pattern: "[a-z0-9-]{1,64}" }}
      result={result}
      fields={
        <>
          <SelectField
            label={t("console.content.category")}
            name="category"
            defaultValue={article?.category ?? "buying"}
            options={CATEGORIES.map((c) => ({ value: c, label: c }))}
          />
          <Field label={t("console.content.docTitle")} name="title" required defaultValue={article?.title} />
          <Field label={t("console.content.summary")} name="summary" defaultValue={article?.summary} />
        </>
      }
      body={{ id: "article-body", name: "body", defaultValue: article?.body }}
      after={
        <>
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
        </>
      }
    />
  );
}
