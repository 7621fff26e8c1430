import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { z } from "zod";
import { STORE_TIME_ZONE, zoneLabel } from "../../core/store-time.ts";
import * as api from "../../server/modules/content/console-contract.ts";
import {
  answerResult,
  callConsole,
  consoleParam,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ActionNote, PageTitle, secondaryButtonClass } from "../features/admin/ui.tsx";
import { MEDIA_LIBRARY_ROUTE } from "../features/media/media.ts";
import { Editor } from "../features/page-editor/Editor.tsx";
import { SchedulePanel } from "../features/page-editor/SchedulePanel.tsx";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/admin.page-editor";

export const handle = { messages: ["content"] } satisfies MessagesHandle;

// The media picker's uploads go to the media library's action: the editor's page (and its unsaved draft) stays.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith(MEDIA_LIBRARY_ROUTE)) return false;
  return defaultShouldRevalidate;
}

// The visual page editor (issue 17): one page's draft, its versions, publish and roll back. The page reads and
// sends through the page editor's contracts (issue 33 item 1, ADR 0415).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "pages.read");
  const page = await readConsole(args, api.openPage, { params: { id: args.params.id } });
  // A published page opens its draft (made on first open): edit it at the draft's own address.
  if (String(page.id) !== args.params.id) throw redirect(`/admin/pages/${page.id}`);
  const params = { id: page.id };
  const { versions } = await readConsole(args, api.listVersions, { params });
  const diff =
    versions.length >= 2
      ? await readConsole(args, api.diffVersions, {
          params,
          query: { from: versions[1]!.version, to: versions[0]!.version },
        })
      : null;
  const scope = await readConsole(args, api.pageScope, { params });
  // Scheduled publishing (issue 31 item 7): the page's schedules, shown in the store's time zone.
  const { schedules } = await readConsole(args, api.listSchedules, { params });
  return {
    page,
    scope,
    versions,
    schedules,
    diff,
    // Live mode (?live=1): the canvas frame resolves the blocks as the store would; otherwise placeholders.
    liveMode: consoleParam(args.request, "live") === "1",
    canWrite: operator.permissions.includes("pages.write"),
    canPublish: operator.permissions.includes("pages.publish"),
    canAdvanced: operator.permissions.includes("pages.advanced"),
  };
}

/** What each of the editor's forms asks; a form without one is the publish form. */
const Intent = z.object({
  intent: z.enum(["save", "insert", "publish", "rollback", "schedule", "cancelSchedule"]).default("publish"),
});

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Intent });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent } = chosen.value;
  const params = { id: args.params.id };
  if (intent === "save") {
    await requireOperator(args, "pages.write");
    // The document is posted as JSON and parsed with the endpoint's body schema.
    const submission = parseWithZod(form, { schema: api.SaveForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.saveDraft, { params, body: submission.value }));
  }
  if (intent === "insert") {
    await requireOperator(args, "pages.write");
    // The document and the block are posted as JSON and parsed with the endpoint's body schema.
    const submission = parseWithZod(form, { schema: api.InsertForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.insertBlock, { params, body: submission.value }));
  }
  await requireOperator(args, "pages.publish");
  if (intent === "rollback") {
    const submission = parseWithZod(form, { schema: api.RollbackBody });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(
      intent,
      await callConsole(args, api.rollbackPage, { params, body: submission.value }),
    );
  }
  if (intent === "schedule") {
    // The other languages scheduled with it, as one campaign (ADR 0396).
    const submission = parseWithZod(form, { schema: api.ScheduleForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(
      intent,
      await callConsole(args, api.schedulePage, { params, body: submission.value }),
    );
  }
  if (intent === "cancelSchedule") {
    const submission = parseWithZod(form, { schema: api.CancelScheduleForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    const { scheduleId, campaign } = submission.value;
    return answerResult(
      intent,
      await callConsole(args, api.cancelSchedule, {
        params: { ...params, scheduleId },
        query: campaign === "1" ? { campaign } : {},
      }),
    );
  }
  const submission = parseWithZod(form, { schema: api.PublishForm });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return answerResult(intent, await callConsole(args, api.publishPage, { params, body: submission.value }));
}

export default function ConsolePageEditor({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { page, scope, versions, schedules, diff, liveMode, canWrite, canPublish, canAdvanced } = loaderData;
  const zone = zoneLabel(STORE_TIME_ZONE, t.language);
  const version = result?.ok && "version" in result.value ? result.value.version : undefined;
  const success =
    result?.intent === "save"
      ? t("console.editor.saved")
      : result?.intent === "insert"
        ? t("console.insert.inserted")
        : result?.intent === "publish"
          ? t("console.editor.published", { version: version ?? "" })
          : result?.intent === "schedule"
            ? t("console.schedule.scheduled")
            : result?.intent === "cancelSchedule"
              ? t("console.schedule.cancelled")
              : t("console.editor.rolledBack", { version: version ?? "" });
  return (
    <>
      <title>{`${t("console.editor.title", { title: page.document.title })} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.editor.title", { title: page.document.title })}</PageTitle>
      <p className="mb-3 text-sm text-slate-700">
        {page.pageCode} · {page.lang} · {t(`console.pages.type.${page.pageType}`)}
      </p>
      <ActionNote result={result} success={success} />
      <Editor
        key={`${page.id}/${page.revision}`}
        page={page}
        scope={scope}
        canWrite={canWrite}
        canPublish={canPublish}
        canAdvanced={canAdvanced}
        selectId={result?.ok && "componentId" in result.value ? result.value.componentId : undefined}
        liveMode={liveMode}
      />
      {page.pageType !== "TEMPLATE" && (
        <SchedulePanel page={page} scope={scope} schedules={schedules} canPublish={canPublish} zone={zone} />
      )}
      <section aria-labelledby="versions-heading" className="mt-8">
        <h2 id="versions-heading" className="mb-2 text-lg font-semibold">
          {t("console.editor.versions")}
        </h2>
        {versions.length === 0 && <p className="text-sm">{t("console.editor.noVersions")}</p>}
        <ol className="space-y-2">
          {versions.map((row, index) => (
            <li key={row.id} className="flex flex-wrap items-center gap-3 text-sm">
              <span className="font-medium">{t("console.editor.version", { version: row.version })}</span>
              <span>{row.title}</span>
              <span>{formatWhen(row.publishedAt, t.language)}</span>
              {row.restoredFrom && (
                <span>{t("console.editor.restoredFrom", { version: row.restoredFrom })}</span>
              )}
              {canPublish && index > 0 && (
                <Form method="post">
                  <input type="hidden" name="intent" value="rollback" />
                  <input type="hidden" name="version" value={row.version} />
                  <button type="submit" className={secondaryButtonClass}>
                    {t("console.editor.rollback", { version: row.version })}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
        {diff && versions[1] && (
          <div className="mt-4">
            <h3 className="mb-1 text-base font-semibold">
              {t("console.editor.compare", { version: versions[1].version })}
            </h3>
            <ul className="list-disc pl-5 text-sm">
              {diff.fields.map((name) => (
                <li key={name}>{name}</li>
              ))}
              {diff.changes.map((change) => (
                <li key={`${change.variantId}/${change.componentId}`}>
                  {change.componentName} ({change.variantId}): {t(`console.editor.change.${change.change}`)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </>
  );
}
