import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import { z } from "zod";
import * as api from "../../server/modules/coupon/console-contract.ts";
import {
  answerResult,
  callConsole,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { ActionNote, buttonClass, inputClass, PageTitle, SelectField } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.words";

const LANGS = ["en_US", "zh_CN", "zh_HK"] as const;
const Intent = z.object({ intent: z.enum(["hot", "specific"]) });

// Hot words and specific words (spec 7, 9; ADR 0232): per store language, one per line. Each form parses with its
// endpoint's body schema (issue 33 item 1, ADR 0407), which takes the lines as typed.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "marketing.read");
  const asked = new URL(args.request.url).searchParams.get("lang");
  const lang = LANGS.find((l) => l === asked) ?? "en_US";
  const words = await readConsole(args, api.listWords, { query: { lang } });
  return { lang, words, canWrite: operator.permissions.includes("marketing.write") };
}

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "marketing.write");
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Intent });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent } = chosen.value;
  if (intent === "hot") {
    const submission = parseWithZod(form, { schema: api.HotWordsBody });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.setHotWords, { body: submission.value }));
  }
  const submission = parseWithZod(form, { schema: api.SpecificWordsBody });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return answerResult(intent, await callConsole(args, api.setSpecificWords, { body: submission.value }));
}

export default function ConsoleWords({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { lang, words, canWrite } = loaderData;
  return (
    <>
      <title>{`${t("console.words.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.words.title")}</PageTitle>
      <Form method="get" className="mb-4 flex max-w-md items-end gap-3">
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
      <div className="grid max-w-4xl grid-cols-1 gap-6 md:grid-cols-2">
        <Form method="post" key={`hot-${lang}`}>
          <input type="hidden" name="intent" value="hot" />
          <input type="hidden" name="lang" value={lang} />
          <ActionNote result={result} intent="hot" success={t("console.saved")} />
          <label htmlFor="hot-words" className="mb-1 block text-sm font-medium">
            {t("console.words.hot")}
          </label>
          <p id="hot-words-help" className="mb-1 text-sm text-slate-800">
            {t("console.words.hotHelp")}
          </p>
          <textarea
            id="hot-words"
            name="words"
            rows={10}
            aria-describedby="hot-words-help"
            defaultValue={words.hotWords.join("\n")}
            readOnly={!canWrite}
            className={inputClass}
          />
          {canWrite ? (
            <button type="submit" className={`${buttonClass} mt-2`}>
              {t("console.save")}
            </button>
          ) : null}
        </Form>
        <Form method="post" key={`specific-${lang}`}>
          <input type="hidden" name="intent" value="specific" />
          <input type="hidden" name="lang" value={lang} />
          <ActionNote result={result} intent="specific" success={t("console.saved")} />
          <label htmlFor="specific-words" className="mb-1 block text-sm font-medium">
            {t("console.words.specific")}
          </label>
          <p id="specific-words-help" className="mb-1 text-sm text-slate-800">
            {t("console.words.specificHelp")}
          </p>
          <textarea
            id="specific-words"
            name="words"
            rows={10}
            aria-describedby="specific-words-help"
            defaultValue={words.specificWords.map((w) => `${w.specificWord} => ${w.deeplink}`).join("\n")}
            readOnly={!canWrite}
            className={inputClass}
          />
          {canWrite ? (
            <button type="submit" className={`${buttonClass} mt-2`}>
              {t("console.save")}
            </button>
          ) : null}
        </Form>
      </div>
    </>
  );
}
