import { redirect, useActionData } from "react-router";
import { PLAN_CODE_BODY } from "../../core/ids.ts";
import { ContentEditor } from "../features/admin/ContentEditor.tsx";
import {
  actionResult,
  callConsole,
  field,
  readConsoleOrNull,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { fromLocalInput, lines, toLocalInput } from "../features/admin/merch.ts";
import { Field } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.note";

const LANGS = ["en_US", "zh_CN", "zh_HK"] as const;

interface Note {
  noteTitle: string;
  mediaUrl: string;
  noteContent: string;
  topicNameList: string[];
  publishedAt: string;
}

// One note (an article, spec 3) in one store language (ADR 0234); "new" makes one.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "content.read");
  const asked = new URL(args.request.url).searchParams.get("lang");
  const lang = LANGS.find((l) => l === asked) ?? "en_US";
  if (args.params.code === "new") return { lang, note: null };
  const path = `/o2adm/v1/content/notes/${encodeURIComponent(args.params.code)}?lang=${lang}`;
  return { lang, note: await readConsoleOrNull<Note>(args, path) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const lang = field(form, "lang");
  const code = args.params.code === "new" ? field(form, "code") : args.params.code;
  const body = {
    lang,
    noteTitle: field(form, "noteTitle"),
    mediaUrl: field(form, "mediaUrl"),
    noteContent: String(form.get("noteContent") ?? ""),
    topicNameList: lines(field(form, "topics").replace(/,/g, "\n")),
    publishedAt: fromLocalInput(field(form, "publishedAt")),
  };
  const result = await callConsole(args, {
    method: "PUT",
    path: `/o2adm/v1/content/notes/${encodeURIComponent(code)}`,
    body,
  });
  if (result.status === 200 && args.params.code === "new")
    throw redirect(`/admin/content/notes/${encodeURIComponent(code)}?lang=${lang}`);
  return actionResult("save", result);
}

export default function ConsoleNote({ loaderData, params }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { lang, note } = loaderData;
  return (
    <ContentEditor
      lang={lang}
      isNew={params.code === "new"}
      name={note?.noteTitle}
      newLabel={t("console.content.newNote")}
      kindLabel={t("console.content.note")}
      itemKey={params.code}
      keyField={{ label: t("console.content.code"), name: "code", pattern: PLAN_CODE_BODY }}
      result={result}
      fields={
        <>
          <Field
            label={t("console.content.docTitle")}
            name="noteTitle"
            required
            defaultValue={note?.noteTitle}
          />
          <Field
            label={t("console.content.mediaUrl")}
            name="mediaUrl"
            required
            defaultValue={note?.mediaUrl}
          />
          <Field
            label={t("console.content.topics")}
            name="topics"
            defaultValue={note?.topicNameList.join(", ")}
          />
          <Field
            label={t("console.content.publishedAt")}
            name="publishedAt"
            type="datetime-local"
            required
            defaultValue={toLocalInput(note?.publishedAt)}
          />
        </>
      }
      body={{ id: "note-body", name: "noteContent", defaultValue: note?.noteContent }}
    />
  );
}
