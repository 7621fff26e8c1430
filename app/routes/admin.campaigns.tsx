import { Form, Link, useActionData } from "react-router";
import { isMarketingCode } from "../../core/ids.ts";
import {
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { codes, fromLocalInput, toLocalInput } from "../features/admin/merch.ts";
import { ActionNote, buttonClass, Cell, Field, linkClass, PageTitle, Table } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.campaigns";

interface Campaign {
  marketingCode: string;
  name: { en_US: string; zh_CN: string; zh_HK: string };
  showFlag: boolean;
  startTime: string;
  endTime: string;
  targets?: string[];
}

// Campaigns by marketingCode (ADR 0232): what the campaign gate shows, when, and with which plans.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "marketing.read");
  const code = new URL(args.request.url).searchParams.get("code")?.trim() ?? "";
  const [{ campaigns }, current] = await Promise.all([
    readConsole<{ campaigns: Campaign[] }>(args, "/o2adm/v1/marketing/campaigns"),
    isMarketingCode(code)
      ? readConsole<Campaign>(args, `/o2adm/v1/marketing/campaigns/${encodeURIComponent(code)}`)
      : Promise.resolve(null),
  ]);
  return { campaigns, current, canWrite: operator.permissions.includes("marketing.write") };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const body = {
    name: {
      en_US: field(form, "name_en_US"),
      zh_CN: field(form, "name_zh_CN"),
      zh_HK: field(form, "name_zh_HK"),
    },
    showFlag: form.get("showFlag") === "on",
    startTime: fromLocalInput(field(form, "startTime")),
    endTime: fromLocalInput(field(form, "endTime")),
    targets: codes(field(form, "targets")),
  };
  const path = `/o2adm/v1/marketing/campaigns/${encodeURIComponent(field(form, "marketingCode"))}`;
  return actionResult("save", await callConsole(args, { method: "PUT", path, body }));
}

export default function ConsoleCampaigns({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { campaigns, current, canWrite } = loaderData;
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
          <ActionNote result={result} success={t("console.saved")} />
          <Form
            method="post"
            key={current?.marketingCode ?? "new"}
            className="grid grid-cols-1 gap-x-4 md:grid-cols-3"
          >
            {current ? (
              <input type="hidden" name="marketingCode" value={current.marketingCode} />
            ) : (
              <Field label={t("console.campaigns.code")} name="marketingCode" required maxLength={48} />
            )}
            <Field
              label={t("console.coupons.start")}
              name="startTime"
              type="datetime-local"
              required
              defaultValue={toLocalInput(current?.startTime)}
            />
            <Field
              label={t("console.coupons.end")}
              name="endTime"
              type="datetime-local"
              required
              defaultValue={toLocalInput(current?.endTime)}
            />
            <Field
              label={t("console.coupons.nameEn")}
              name="name_en_US"
              required
              defaultValue={current?.name.en_US}
            />
            <Field
              label={t("console.coupons.nameZhCn")}
              name="name_zh_CN"
              required
              defaultValue={current?.name.zh_CN}
            />
            <Field
              label={t("console.coupons.nameZhHk")}
              name="name_zh_HK"
              required
              defaultValue={current?.name.zh_HK}
            />
            <Field
              label={t("console.campaigns.targets")}
              name="targets"
              defaultValue={current?.targets?.join(", ")}
            />
            <label className="mb-3 flex items-end gap-2 text-sm">
              <input type="checkbox" name="showFlag" defaultChecked={current?.showFlag ?? true} />
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
