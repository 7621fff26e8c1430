import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData } from "react-router";
import { z } from "zod";
import { instantToZoned, STORE_TIME_ZONE, zoneLabel } from "../../core/store-time.ts";
import * as api from "../../server/modules/coupon/console-contract.ts";
import { callConsole, formReply, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { FormMessage, firstError, useConsoleForm } from "../features/admin/console-form.tsx";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { buttonClass, Cell, Field, linkClass, PageTitle, Table } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.campaigns";

/** The form's fields: the campaign's code (the endpoint's param) beside its body. */
const CodeField = z.object({ code: api.saveCampaign.params.shape.code });

// Campaigns by marketingCode (ADR 0232): what the campaign gate shows, when, and with which plans. Times are typed
// and shown in the store's time zone (issue 33 item 1; as the coupon form, ADR 0360).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "marketing.read");
  const code = CodeField.safeParse({ code: new URL(args.request.url).searchParams.get("code") ?? "" });
  const [{ campaigns }, current] = await Promise.all([
    readConsole(args, api.listCampaigns, {}),
    code.success ? readConsole(args, api.getCampaign, { params: code.data }) : Promise.resolve(null),
  ]);
  return { campaigns, current, canWrite: operator.permissions.includes("marketing.write") };
}

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "marketing.write");
  const form = await args.request.formData();
  const submission = parseWithZod(form, { schema: api.CampaignBody });
  const code = parseWithZod(form, { schema: CodeField });
  if (code.status !== "success") return { result: await formReply(args, code) };
  if (submission.status !== "success") return { result: await formReply(args, submission) };
  const answer = await callConsole(args, api.saveCampaign, { params: code.value, body: submission.value });
  if (!answer.ok) return { result: await formReply(args, submission, answer) };
  return { result: submission.reply({ resetForm: true }), saved: answer.value.marketingCode };
}

export default function ConsoleCampaigns({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { campaigns, current, canWrite } = loaderData;
  const [form, fields] = useConsoleForm(api.CampaignBody.and(CodeField), result?.result, "campaign");
  const zone = zoneLabel(STORE_TIME_ZONE, t.language);
  return (
    <>
      <title>{`${t("console.campaigns.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.campaigns.title")}</PageTitle>
      {campaigns.length === 0 ? (
        <p className="mb-4">{t("console.noRecords")}</p>
      ) : (
        <Table
          caption={t("console.campaigns.title")}
          head={[
            t("console.campaigns.code"),
            t("console.campaigns.name"),
            t("console.coupons.valid"),
            t("console.campaigns.shown"),
          ]}
        >
          {campaigns.map((c) => (
            <tr key={c.marketingCode}>
              <Cell>
                <Link className={linkClass} to={`?code=${encodeURIComponent(c.marketingCode)}`}>
                  {c.marketingCode}
                </Link>
              </Cell>
              <Cell>{t.language === "zh_CN" ? c.name.zh_CN : c.name.en_US}</Cell>
              <Cell>
                {formatWhen(c.startTime, t.language)} – {formatWhen(c.endTime, t.language)}
              </Cell>
              <Cell>{c.showFlag ? t("console.yes") : t("console.no")}</Cell>
            </tr>
          ))}
        </Table>
      )}
      {canWrite ? (
        <section aria-labelledby="campaign-form" className="mt-6 max-w-3xl">
          <h2 id="campaign-form" className="mb-3 text-lg font-semibold">
            {current ? `${t("console.campaigns.edit")} ${current.marketingCode}` : t("console.campaigns.new")}
          </h2>
          {result?.saved ? (
            <p
              role="status"
              className="mb-3 rounded border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900"
            >
              {t("console.saved")}
            </p>
          ) : null}
          <FormMessage errors={form.errors} />
          <Form
            method="post"
            id={form.id}
            onSubmit={form.onSubmit}
            noValidate
            key={current?.marketingCode ?? "new"}
            className="grid grid-cols-1 gap-x-4 md:grid-cols-3"
          >
            {current ? (
              <input type="hidden" name={fields.code.name} value={current.marketingCode} />
            ) : (
              <Field
                label={t("console.campaigns.code")}
                name={fields.code.name}
                required
                maxLength={48}
                error={firstError(fields.code.errors)}
              />
            )}
            <Field
              label={`${t("console.coupons.start")} (${zone})`}
              name={fields.startTime.name}
              type="datetime-local"
              required
              defaultValue={instantToZoned(current?.startTime, STORE_TIME_ZONE)}
              error={firstError(fields.startTime.errors)}
            />
            <Field
              label={`${t("console.coupons.end")} (${zone})`}
              name={fields.endTime.name}
              type="datetime-local"
              required
              defaultValue={instantToZoned(current?.endTime, STORE_TIME_ZONE)}
              error={firstError(fields.endTime.errors)}
            />
            <Field
              label={t("console.coupons.nameEn")}
              name="name.en_US"
              required
              defaultValue={current?.name.en_US}
              error={firstError(form.allErrors["name.en_US"])}
            />
            <Field
              label={t("console.coupons.nameZhCn")}
              name="name.zh_CN"
              required
              defaultValue={current?.name.zh_CN}
              error={firstError(form.allErrors["name.zh_CN"])}
            />
            <Field
              label={t("console.coupons.nameZhHk")}
              name="name.zh_HK"
              required
              defaultValue={current?.name.zh_HK}
              error={firstError(form.allErrors["name.zh_HK"])}
            />
            <Field
              label={t("console.campaigns.targets")}
              name={fields.targets.name}
              defaultValue={current?.targets.join(", ")}
              error={firstError(form.allErrors.targets ?? form.allErrors["targets[0]"])}
            />
            <label className="mb-3 flex items-end gap-2 text-sm">
              <input type="checkbox" name={fields.showFlag.name} defaultChecked={current?.showFlag ?? true} />
              {t("console.campaigns.shown")}
            </label>
            <div className="md:col-span-3">
              <button type="submit" className={buttonClass}>
                {t("console.save")}
              </button>
            </div>
          </Form>
        </section>
      ) : null}
    </>
  );
}
