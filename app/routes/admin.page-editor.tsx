import { Form, redirect, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { STORE_TIME_ZONE, zoneLabel } from "../../core/store-time.ts";
import type { ContentDocument } from "../../db/schema/content-document.ts";
import type { ComponentChange } from "../../server/modules/content/editor.ts";
import {
  actionResult,
  callConsole,
  consoleParam,
  field,
  rawField,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ActionNote, PageTitle, secondaryButtonClass } from "../features/admin/ui.tsx";
import { MEDIA_LIBRARY_ROUTE } from "../features/media/media.ts";
import { Editor, type PageScope } from "../features/page-editor/Editor.tsx";
import { SchedulePanel, type ScheduleRow } from "../features/page-editor/SchedulePanel.tsx";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/admin.page-editor";

export const handle = { messages: ["content"] } satisfies MessagesHandle;

interface EditorPage {
  id: number;
  siteCode: string;
  pageCode: string;
  lang: string;
  pageType: string;
  revision: number;
  document: ContentDocument;
  preview: string;
  publishedAt: string | null;
  lastVersion: number;
}
interface VersionRow {
  id: number;
  version: number;
  title: string;
  restoredFrom: number | null;
  publishedAt: string;
}
// The media picker's uploads go to the media library's action: the editor's page (and its unsaved draft) stays.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.startsWith(MEDIA_LIBRARY_ROUTE)) return false;
  return defaultShouldRevalidate;
}

// The visual page editor (issue 17): one page's draft, its versions, publish and roll back.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "pages.read");
  const id = encodeURIComponent(args.params.id);
  const page = await readConsole<EditorPage>(args, `/o2adm/v1/pages/${id}`);
  // A published page opens its draft (made on first open): edit it at the draft's own address.
  if (String(page.id) !== args.params.id) throw redirect(`/admin/pages/${page.id}`);
  const { versions } = await readConsole<{ versions: VersionRow[] }>(
    args,
    `/o2adm/v1/pages/${page.id}/versions`,
  );
  const diff =
    versions.length >= 2
      ? await readConsole<{ fields: string[]; changes: ComponentChange[] }>(
          args,
          `/o2adm/v1/pages/${page.id}/diff?from=${versions[1]!.version}&to=${versions[0]!.version}`,
        )
      : null;
  const scope = await readConsole<PageScope>(args, `/o2adm/v1/pages/${page.id}/scope`);
  // Scheduled publishing (issue 31 item 7): the page's schedules, shown in the store's time zone.
  const { schedules } = await readConsole<{ schedules: ScheduleRow[] }>(
    args,
    `/o2adm/v1/pages/${page.id}/schedules`,
  );
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

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const id = encodeURIComponent(args.params.id);
  if (intent === "save") {
    await requireOperator(args, "pages.write");
    let document: unknown = null;
    try {
      document = JSON.parse(rawField(form, "document"));
    } catch {
      document = null;
    }
    return actionResult(
      intent,
      await callConsole(args, {
        method: "PUT",
        path: `/o2adm/v1/pages/${id}/draft`,
        body: { revision: Number(field(form, "revision")), document },
      }),
    );
  }
  if (intent === "insert") {
    await requireOperator(args, "pages.write");
    let document: unknown = null;
    let insert: Record<string, unknown> = {};
    try {
      document = JSON.parse(rawField(form, "document"));
      insert = JSON.parse(rawField(form, "insert")) as Record<string, unknown>;
    } catch {
      document = null;
    }
    return actionResult(
      intent,
      await callConsole(args, {
        method: "POST",
        path: `/o2adm/v1/pages/${id}/blocks`,
        body: { ...insert, revision: Number(field(form, "revision")), document },
      }),
    );
  }
  await requireOperator(args, "pages.publish");
  if (intent === "rollback")
    return actionResult<{ version: number }>(
      intent,
      await callConsole(args, {
        method: "POST",
        path: `/o2adm/v1/pages/${id}/rollback`,
        body: { version: Number(field(form, "version")) },
      }),
    );
  if (intent === "schedule") {
    const endsAt = field(form, "endsAt");
    return actionResult(
      intent,
      await callConsole(args, {
        method: "POST",
        path: `/o2adm/v1/pages/${id}/schedules`,
        body: {
          revision: Number(field(form, "revision")),
          startsAt: field(form, "startsAt"),
          endsAt: endsAt === "" ? null : endsAt,
          acknowledged: field(form, "acknowledged") === "1",
          // The other languages scheduled with it, as one campaign (ADR 0396).
          languages: form
            .getAll("language")
            .map(String)
            .map((value) => {
              const [lang = "", revision = ""] = value.split(":");
              return { lang, revision: Number(revision) };
            }),
        },
      }),
    );
  }
  if (intent === "cancelSchedule")
    return actionResult(
      intent,
      await callConsole(args, {
        method: "DELETE",
        path: `/o2adm/v1/pages/${id}/schedules/${encodeURIComponent(field(form, "scheduleId"))}${field(form, "campaign") === "1" ? "?campaign=1" : ""}`,
      }),
    );
  return actionResult<{ version: number }>(
    "publish",
    await callConsole(args, {
      method: "POST",
      path: `/o2adm/v1/pages/${id}/publish`,
      body: {
        revision: Number(field(form, "revision")),
        languages: form
          .getAll("language")
          .map(String)
          .map((value) => {
            const [lang = "", revision = ""] = value.split(":");
            return { lang, revision: Number(revision) };
          }),
        acknowledged: field(form, "acknowledged") === "1",
      },
    }),
  );
}

export default function ConsolePageEditor({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { page, scope, versions, schedules, diff, liveMode, canWrite, canPublish, canAdvanced } = loaderData;
  const zone = zoneLabel(STORE_TIME_ZONE, t.language);
  const version = result?.ok ? (result.value as { version?: number }).version : undefined;
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
        {page.pageCode} · {page.lang} ·{" "}
        {t(`console.pages.type.${page.pageType as "HOME" | "LANDING" | "TEMPLATE"}`)}
      </p>
      <ActionNote result={result} success={success} />
      <Editor
        key={`${page.id}/${page.revision}`}
        page={page}
        scope={scope}
        canWrite={canWrite}
        canPublish={canPublish}
        canAdvanced={canAdvanced}
        selectId={
          result?.ok && result.intent === "insert"
            ? (result.value as { componentId?: string }).componentId
            : undefined
        }
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
