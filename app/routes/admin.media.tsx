import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, useActionData, useLocation, useRevalidator } from "react-router";
import { z } from "zod";
import { MEDIA_MAX_BYTES } from "../../core/media.ts";
import * as api from "../../server/modules/media/console-contract.ts";
import {
  type ActionResult,
  answerResult,
  callConsole,
  consoleParam,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ActionNote, IntentButton, Pager, PageTitle, secondaryButtonClass } from "../features/admin/ui.tsx";
import { MediaUploader } from "../features/media/MediaUploader.tsx";
import { byteLabel, type MediaItem } from "../features/media/media.ts";
import type { Route } from "./+types/admin.media";

const PAGE_SIZE = 48;

// The media library (issue 17, ADR 0274): every image operators uploaded for pages, newest first; upload,
// copy a URL, delete. The page editor's picker reads this loader and posts to this action. Both read and send
// through the media contracts (issue 33 item 1, ADR 0407).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "pages.read");
  const page = Number(consoleParam(args.request, "page")) || 1;
  const list = await readConsole(args, api.listMedia, { query: { page, size: PAGE_SIZE } });
  return { list, canWrite: operator.permissions.includes("pages.write") };
}

const Delete = z.object({ intent: z.literal("delete") }).extend(api.MediaHashParam.shape);

export async function action(args: Route.ActionArgs): Promise<ActionResult<unknown>> {
  await requireOperator(args, "pages.write");
  const form = await args.request.formData();
  const deleting = parseWithZod(form, { schema: Delete });
  if (deleting.status === "success")
    return answerResult(
      "delete",
      await callConsole(args, api.deleteMedia, { params: { hash: deleting.value.hash } }),
    );
  if (form.get("intent") === "delete") throw data({ code: "error.badRequest" }, { status: 400 });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, intent: "upload", message: "", fields: { file: "required" } };
  if (file.size > MEDIA_MAX_BYTES)
    return { ok: false, intent: "upload", message: "", fields: { file: "tooLarge" } };
  const contentBase64 = Buffer.from(await file.arrayBuffer()).toString("base64");
  return answerResult(
    "upload",
    await callConsole(args, api.uploadMedia, { body: { fileName: file.name.slice(0, 200), contentBase64 } }),
  );
}

function CopyUrl({ url }: { url: string }) {
  const t = useConsoleT();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={async () => {
          await navigator.clipboard.writeText(new URL(url, window.location.href).href).catch(() => undefined);
          setCopied(true);
        }}
      >
        {t("console.media.copyUrl")}
      </button>
      <span aria-live="polite" className="ml-2 text-xs text-green-900">
        {copied ? t("console.media.copied") : ""}
      </span>
    </>
  );
}

export function MediaCard({ item, children }: { item: MediaItem; children?: React.ReactNode }) {
  const t = useConsoleT();
  return (
    <figure className="flex flex-col rounded border border-slate-300 bg-white p-2 text-sm">
      <div className="mb-2 flex h-32 items-center justify-center bg-slate-100">
        <img src={item.url} alt="" className="max-h-32 max-w-full object-contain" loading="lazy" />
      </div>
      <figcaption className="text-slate-900">
        <span className="block truncate font-medium" title={item.fileName}>
          {item.fileName}
        </span>
        <span className="block text-slate-700">
          {t("console.media.dimensions", { width: item.width, height: item.height })} ·{" "}
          {byteLabel(item.byteSize)}
        </span>
        <span className="block text-slate-700">{formatWhen(item.createdAt, t.language)}</span>
      </figcaption>
      {children}
    </figure>
  );
}

export default function ConsoleMedia({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  const revalidator = useRevalidator();
  const { list, canWrite } = loaderData;
  const [uploaded, setUploaded] = useState<string>("");
  return (
    <>
      <title>{`${t("console.media.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.media.title")}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-800">{t("console.media.help")}</p>
      {canWrite ? (
        <MediaUploader
          onUploaded={(item) => {
            setUploaded(item.fileName);
            void revalidator.revalidate();
          }}
        />
      ) : null}
      <p role="status" className="mb-2 text-sm text-green-900">
        {uploaded ? t("console.media.uploaded", { file: uploaded }) : ""}
      </p>
      <ActionNote result={result} intent="delete" success={t("console.media.deleted")} />
      {list.records.length === 0 ? (
        <p className="text-sm text-slate-800">{t("console.media.empty")}</p>
      ) : (
        <ul
          aria-label={t("console.media.title")}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
        >
          {list.records.map((item) => (
            <li key={item.hash}>
              <MediaCard item={item}>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <CopyUrl url={item.url} />
                  {canWrite ? (
                    <IntentButton
                      intent="delete"
                      label={t("console.media.delete")}
                      fields={{ hash: item.hash }}
                      secondary
                    />
                  ) : null}
                </div>
              </MediaCard>
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} size={list.size} total={list.total} search={search} />
    </>
  );
}
