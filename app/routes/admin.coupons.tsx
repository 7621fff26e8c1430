import { Form, Link, useActionData, useLocation } from "react-router";
import {
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import {
  ActionNote,
  buttonClass,
  Cell,
  Field,
  IntentButton,
  linkClass,
  Pager,
  PageTitle,
  SelectField,
  Table,
} from "../features/admin/ui.tsx";
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
  const location = useLocation();
  const result = useActionData<typeof action>();
  const { list, filters, page, canWrite } = loaderData;
  return (
    <>
      <title>{`${t("console.coupons.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.coupons.title")}</PageTitle>
      {canWrite ? (
        <p className="mb-4">
          <Link className={buttonClass} to="/admin/marketing/coupons/new">
            {t("console.coupons.new")}
          </Link>
        </p>
      ) : null}
      <Form method="get" className="mb-4 grid max-w-2xl grid-cols-1 gap-x-4 md:grid-cols-3">
        <Field label={t("console.coupons.code")} name="q" defaultValue={filters.q} />
        <SelectField
          label={t("console.coupons.kind")}
          name="marketingType"
          defaultValue={filters.marketingType ?? ""}
          options={[
            { value: "", label: t("console.coupons.anyKind") },
            { value: "PROMO_CODE", label: t("console.coupons.PROMO_CODE") },
            { value: "COUPON", label: t("console.coupons.COUPON") },
          ]}
        />
        <div className="flex items-end pb-3">
          <button type="submit" className={buttonClass}>
            {t("console.filter")}
          </button>
        </div>
      </Form>
      <ActionNote result={result} success={t("console.saved")} />
      {list.rows.length === 0 ? (
        <p>{t("console.noRecords")}</p>
      ) : (
        <Table
          caption={t("console.coupons.title")}
          head={[
            t("console.coupons.code"),
            t("console.coupons.kind"),
            t("console.coupons.valid"),
            t("console.coupons.used"),
            t("console.coupons.issued"),
            t("console.coupons.state"),
            "",
          ]}
        >
          {list.rows.map((coupon) => (
            <tr key={coupon.code}>
              <Cell>
                <Link className={linkClass} to={`/admin/marketing/coupons/${coupon.code}`}>
                  {coupon.code}
                </Link>
              </Cell>
              <Cell>
                {coupon.marketingType === "COUPON"
                  ? t("console.coupons.COUPON")
                  : t("console.coupons.PROMO_CODE")}
              </Cell>
              <Cell>
                {formatWhen(coupon.startTime, t.language)} – {formatWhen(coupon.endTime, t.language)}
              </Cell>
              <Cell>
                <span data-testid={`used-${coupon.code}`}>
                  {coupon.totalLimit === null
                    ? coupon.usage.used
                    : t("console.coupons.usedOf", { used: coupon.usage.used, limit: coupon.totalLimit })}
                </span>
              </Cell>
              <Cell>{coupon.marketingType === "COUPON" ? coupon.usage.issued : "—"}</Cell>
              <Cell>{coupon.enabled ? t("console.coupons.enabled") : t("console.coupons.disabled")}</Cell>
              <Cell>
                {canWrite ? (
                  <IntentButton
                    intent={coupon.enabled ? "disable" : "enable"}
                    label={`${coupon.enabled ? t("console.coupons.disable") : t("console.coupons.enable")} ${coupon.code}`}
                    fields={{ code: coupon.code }}
                    secondary
                  />
                ) : null}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} size={50} total={list.total} search={location.search} />
    </>
  );
}
