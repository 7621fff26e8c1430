import { Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { consoleHref } from "../../server/modules/admin/contract.ts";
import * as api from "../../server/modules/catalog/console/console-contract.ts";
import {
  type ActionResult,
  answerResult,
  callConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import {
  buttonClass,
  Cell,
  linkClass,
  PageTitle,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.plan-sheet";

type Report = api.ImportReport;

/** Which button sent the sheet: "import" applies it, anything else checks it (a dry run). */
const Intent = z.object({ intent: z.string().trim().catch("") });

// Plans and prices as Excel (ADR 0233): download the sheet, change it, check it (a dry run shows every change and
// every bad row), then import it: all rows or none. The page sends through the plan-sheet contract (issue 33 item 1,
// ADRs 0407, 0414).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "catalog.read");
  return { canWrite: operator.permissions.includes("prices.write") };
}

export async function action(args: Route.ActionArgs): Promise<ActionResult<Report>> {
  const form = await args.request.formData();
  const { intent } = Intent.parse({ intent: form.get("intent") });
  const dryRun = intent !== "import";
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, intent, message: "", fields: { file: "required" } };
  if (file.size > api.MAX_UPLOAD_BYTES)
    return { ok: false, intent, message: "", fields: { file: "tooLarge" } };
  const contentBase64 = Buffer.from(await file.arrayBuffer()).toString("base64");
  return answerResult(
    intent,
    await callConsole(args, api.importPlansSheet, {
      body: { fileName: file.name.slice(0, 200) || "plans.xlsx", contentBase64, dryRun },
    }),
  );
}

function show(value: unknown): string {
  return value === null || value === undefined || value === "" ? "—" : String(value);
}

export default function ConsolePlanSheet({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  // While a sheet is being checked or imported, the last report goes: its "will create" is not this answer.
  const busy = useNavigation().state === "submitting";
  const report = result?.ok && !busy ? result.value : null;
  const fileProblem =
    result && !result.ok
      ? result.fields?.file === "required"
        ? t("console.sheet.chooseFile")
        : result.fields?.file === "tooLarge"
          ? t("console.sheet.tooLarge")
          : result.message
      : null;
  return (
    <>
      <title>{`${t("console.sheet.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.sheet.title")}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-800">{t("console.sheet.help")}</p>
      <p className="mb-6">
        <a className={linkClass} href={consoleHref(api.exportPlansSheet)} download>
          {t("console.sheet.download")}
        </a>
      </p>
      {loaderData.canWrite ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="mb-6 max-w-xl rounded border border-slate-300 bg-white p-3"
        >
          <label htmlFor="sheet-file" className="mb-1 block text-sm font-medium text-slate-800">
            {t("console.sheet.file")}
          </label>
          <input
            id="sheet-file"
            type="file"
            name="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            aria-invalid={fileProblem ? true : undefined}
            aria-describedby={fileProblem ? "sheet-file-error" : undefined}
            className="mb-3 block text-sm"
          />
          {fileProblem ? (
            <p id="sheet-file-error" role="alert" className="mb-3 text-sm text-red-800">
              {fileProblem}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button
              type="submit"
              name="intent"
              value="check"
              disabled={busy}
              className={secondaryButtonClass}
            >
              {t("console.sheet.check")}
            </button>
            <button type="submit" name="intent" value="import" disabled={busy} className={buttonClass}>
              {t("console.sheet.import")}
            </button>
          </div>
          {busy ? (
            <p role="status" className="mt-3 text-sm text-slate-800">
              {t("console.sheet.working")}
            </p>
          ) : null}
        </Form>
      ) : null}
      {report ? (
        <section aria-labelledby="sheet-report">
          <h2 id="sheet-report" className="mb-2 text-lg font-semibold">
            {t("console.sheet.report")}
          </h2>
          <p role="status" className="mb-3 text-sm">
            {report.applied
              ? t("console.sheet.applied", { rows: report.rows, changed: report.changed.length })
              : report.errors.length > 0
                ? t("console.sheet.refused", { errors: report.errors.length })
                : t("console.sheet.wouldChange", { rows: report.rows, changed: report.changed.length })}
          </p>
          {report.errors.length > 0 ? (
            <Table
              caption={t("console.sheet.errors")}
              head={[
                t("console.sheet.row"),
                t("console.sheet.column"),
                t("console.sheet.value"),
                t("console.sheet.problem"),
              ]}
            >
              {report.errors.map((e) => (
                <tr key={`${e.row}-${e.column}-${e.key}-${e.value}`}>
                  <Cell>{e.row}</Cell>
                  <Cell>{show(e.column)}</Cell>
                  <Cell>{show(e.value)}</Cell>
                  <Cell>{e.message}</Cell>
                </tr>
              ))}
            </Table>
          ) : null}
          {report.changed.length > 0 ? (
            <div className="mt-4">
              <Table
                caption={t("console.sheet.changes")}
                head={[
                  t("console.sheet.row"),
                  t("console.plans.code"),
                  t("console.sheet.column"),
                  t("console.pricing.before"),
                  t("console.pricing.after"),
                ]}
              >
                {report.changed.slice(0, 300).flatMap((row) =>
                  row.changes.map((c) => (
                    <tr key={`${row.row}-${c.field}`}>
                      <Cell>{row.row}</Cell>
                      <Cell>
                        {row.code}
                        {row.create ? (
                          <span className="ml-1 rounded bg-emerald-100 px-1 text-xs text-emerald-900">
                            {report.applied ? t("console.sheet.created") : t("console.sheet.willCreate")}
                          </span>
                        ) : null}
                      </Cell>
                      <Cell>{c.field}</Cell>
                      <Cell>{row.create ? t("console.sheet.newPlan") : show(c.before)}</Cell>
                      <Cell>{show(c.after)}</Cell>
                    </tr>
                  )),
                )}
              </Table>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
