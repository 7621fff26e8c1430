import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, useActionData } from "react-router";
import { z } from "zod";
import { PLAN_CODE_BODY } from "../../core/ids.ts";
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
import { toLocalInput } from "../features/admin/merch.ts";
import { Field } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.note";

const LANGS = ["en_US", "zh_CN", "zh_HK"] as const;

/** The note's form; a new note's form also names its code. */
const NoteForm = api.noteSchema({ form: true });
const NewCode = z.object({
  code: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), api.NoteParam.shape.code),
});

// One note (an article, spec 3) in one store language (ADR 0234); "new" makes one. The page reads and sends through
// the content contracts (issue 33 item 1, ADRs 0407, 0414).
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "content.read");
  const asked = new URL(args.request.url).searchParams.get("lang");
  const lang = LANGS.find((l) => l === asked) ?? "en_US";
  const code = args.params.code;
  if (code === "new") return { lang, note: null };
  return { lang, note: await readConsoleOrNull(args, api.getNote, { params: { code }, query: { lang } }) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const isNew = args.params.code === "new";
  const named = isNew ? parseWithZod(form, { schema: NewCode }) : null;
  if (named && named.status !== "success") return formProblem(args, "save", named);
  const code = named?.status === "success" ? named.value.code : args.params.code;
  const submission = parseWithZod(form, { schema: NoteForm });
  if (submission.status !== "success") return formProblem(args, "save", submission);
  const answer = await callConsole(args, api.saveNote, { params: { code }, body: submission.value });
  if (answer.ok && isNew)
    throw redirect(`/admin/content/notes/${encodeURIComponent(code)}?lang=${submission.value.lang}`);
  return answerResult("save", answer);
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
            name="topicNameList"
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
