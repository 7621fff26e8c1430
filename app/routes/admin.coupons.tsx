import { Link, useActionData } from "react-router";
import {
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ListPage } from "../features/admin/ListPage.tsx";
import { ActionNote, buttonClass, IntentButton, linkClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.coupons";

interface CouponRow {
  code: string;
  marketingType: "COUPON" | "PROMO_CODE";
  name: { en_US: string; zh_CN: string };
  enabled: boolean;
  startTime: string;
  endTime: string;
  totalLimit: number | null;
  usage: { used: number; issued: number; customers: number };
}

// Coupons and promo codes (ADR 0232): their usage against their limits; disable one at once.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "marketing.read");
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const name of ["q", "marketingType", "page"]) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const list = await readConsole<{ total: number; rows: CouponRow[] }>(
    args,
    `/o2adm/v1/marketing/coupons?${query}`,
  );
  return {
    list,
    page: Number(query.get("page") ?? 1),
    filters: Object.fromEntries(query) as Record<string, string>,
    canWrite: operator.permissions.includes("marketing.write"),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const path = `/o2adm/v1/marketing/coupons/${encodeURIComponent(field(form, "code"))}/enabled`;
  return actionResult(
    intent,
    await callConsole(args, { method: "POST", path, body: { enabled: intent === "enable" } }),
  );
}

export default function ConsoleCoupons({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { list, filters, page, canWrite } = loaderData;
  return (
    <ListPage
      title={t("console.coupons.title")}
      actions={
        canWrite ? (
          <p className="mb-4">
            <Link className={buttonClass} to="/admin/marketing/coupons/new">
              {t("console.coupons.new")}
            </Link>
          </p>
        ) : null
      }
      search={{
        fields: [
          { label: t("console.coupons.code"), name: "q" },
          {
            label: t("console.coupons.kind"),
            name: "marketingType",
            options: [
              { value: "", label: t("console.coupons.anyKind") },
              { value: "PROMO_CODE", label: t("console.coupons.PROMO_CODE") },
              { value: "COUPON", label: t("console.coupons.COUPON") },
            ],
          },
        ],
        values: filters,
        submit: t("console.filter"),
      }}
      note={<ActionNote result={result} success={t("console.saved")} />}
      columns={[
        {
          header: t("console.coupons.code"),
          cell: (coupon: CouponRow) => (
            <Link className={linkClass} to={`/admin/marketing/coupons/${coupon.code}`}>
              {coupon.code}
            </Link>
          ),
        },
        {
          header: t("console.coupons.kind"),
          cell: (coupon) =>
            coupon.marketingType === "COUPON" ? t("console.coupons.COUPON") : t("console.coupons.PROMO_CODE"),
        },
        {
          header: t("console.coupons.valid"),
          cell: (coupon) => (
            <>
              {formatWhen(coupon.startTime, t.language)} – {formatWhen(coupon.endTime, t.language)}
            </>
          ),
        },
        {
          header: t("console.coupons.used"),
          cell: (coupon) => (
            <span data-testid={`used-${coupon.code}`}>
              {coupon.totalLimit === null
                ? coupon.usage.used
                : t("console.coupons.usedOf", { used: coupon.usage.used, limit: coupon.totalLimit })}
            </span>
          ),
        },
        {
          header: t("console.coupons.issued"),
          cell: (coupon) => (coupon.marketingType === "COUPON" ? coupon.usage.issued : "—"),
        },
        {
          header: t("console.coupons.state"),
          cell: (coupon) => (coupon.enabled ? t("console.coupons.enabled") : t("console.coupons.disabled")),
        },
        {
          header: "",
          cell: (coupon) =>
            canWrite ? (
              <IntentButton
                intent={coupon.enabled ? "disable" : "enable"}
                label={`${coupon.enabled ? t("console.coupons.disable") : t("console.coupons.enable")} ${coupon.code}`}
                fields={{ code: coupon.code }}
                secondary
              />
            ) : null,
        },
      ]}
      rows={list.rows}
      rowKey={(coupon) => coupon.code}
      pager={{ page, size: 50, total: list.total }}
    />
  );
}
