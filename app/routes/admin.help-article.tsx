import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, useActionData } from "react-router";
import { z } from "zod";
import * as api from "../../server/modules/pages/console-contract.ts";
import { ContentEditor } from "../features/admin/ContentEditor.tsx";
import {
  answerResult,
  callConsole,
  formProblem,
  readConsoleOrNull,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { Field, SelectField } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.help-article";

const LANGS = ["en_US", "zh_CN", "zh_HK"] as const;
const CATEGORIES = ["buying", "installing", "abroad", "topups", "refunds", "account"] as const;

/** The article's form; a new article's form also names its slug (lower-cased). */
const ArticleForm = api.articleSchema({ form: true });
const NewSlug = z.object({
  slug: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), api.SlugParam.shape.slug),
});

// One help article in one store language (ADR 0234); "new" makes one. The page reads and sends through the content
// contracts (issue 33 item 1, ADRs 0407, 0414).
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "content.read");
  const asked = new URL(args.request.url).searchParams.get("lang");
  const lang = LANGS.find((l) => l === asked) ?? "en_US";
  const slug = args.params.slug;
  if (slug === "new") return { lang, article: null };
  // An article that does not exist yet in this language opens as an empty form with its slug.
  const article = await readConsoleOrNull(args, api.getHelp, { params: { slug }, query: { lang } });
  return { lang, article };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const isNew = args.params.slug === "new";
  const named = isNew ? parseWithZod(form, { schema: NewSlug }) : null;
  if (named && named.status !== "success") return formProblem(args, "save", named);
  const slug = named?.status === "success" ? named.value.slug : args.params.slug;
  const submission = parseWithZod(form, { schema: ArticleForm });
  if (submission.status !== "success") return formProblem(args, "save", submission);
  const answer = await callConsole(args, api.saveHelp, { params: { slug }, body: submission.value });
  if (answer.ok && isNew)
    throw redirect(`/admin/content/help/${encodeURIComponent(slug)}?lang=${submission.value.lang}`);
  return answerResult("save", answer);
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
