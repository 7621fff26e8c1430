import { Form, useActionData } from "react-router";
import {
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { lines } from "../features/admin/merch.ts";
import { ActionNote, buttonClass, inputClass, PageTitle, SelectField } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.words";

const LANGS = ["en_US", "zh_CN", "zh_HK"] as const;

// Hot words and specific words (spec 7, 9; ADR 0232): per store language, one per line.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "marketing.read");
  const asked = new URL(args.request.url).searchParams.get("lang");
  const lang = LANGS.find((l) => l === asked) ?? "en_US";
  const words = await readConsole<{
    hotWords: string[];
    specificWords: { specificWord: string; deeplink: string }[];
  }>(args, `/o2adm/v1/marketing/words?lang=${lang}`);
  return { lang, words, canWrite: operator.permissions.includes("marketing.write") };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const lang = field(form, "lang");
  if (intent === "hot")
    return actionResult(
      intent,
      await callConsole(args, {
        method: "PUT",
        path: "/o2adm/v1/marketing/words/hot",
        body: { lang, words: lines(field(form, "words")) },
      }),
    );
  const words = lines(field(form, "words")).map((line) => {
    const [specificWord = "", deeplink = ""] = line.split("=>").map((part) => part.trim());
    return { specificWord, deeplink };
  });
  return actionResult(
    intent,
    await callConsole(args, {
      method: "PUT",
      path: "/o2adm/v1/marketing/words/specific",
      body: { lang, words },
    }),
  );
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
