import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData } from "react-router";
import { z } from "zod";
import * as api from "../../server/modules/coupon/console-contract.ts";
import {
  answerResult,
  callConsole,
  consoleParam,
  readConsole,
  requireOperator,
  setFilters,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ListPage } from "../features/admin/ListPage.tsx";
import { ActionNote, buttonClass, IntentButton, linkClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.coupons";

type CouponRow = z.infer<typeof api.listCoupons.response>["rows"][number];

/** An enable or disable button's form: the intent and the coupon's code (the endpoint's param). */
const EnableForm = api.setCouponEnabled.params.extend({ intent: z.enum(["enable", "disable"]) });

// Coupons and promo codes (ADR 0232): their usage against their limits; disable one at once.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "marketing.read");
  const filters = api.listCoupons.query.safeParse({
    q: consoleParam(args.request, "q") || undefined,
    marketingType: consoleParam(args.request, "marketingType") || undefined,
    page: consoleParam(args.request, "page") || undefined,
  });
  const query = filters.success ? filters.data : { page: 1, size: 50 };
  const list = await readConsole(args, api.listCoupons, { query });
  return {
    list,
    page: query.page,
    filters: setFilters({ q: query.q, marketingType: query.marketingType }),
    canWrite: operator.permissions.includes("marketing.write"),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "marketing.write");
  const submission = parseWithZod(await args.request.formData(), { schema: EnableForm });
  if (submission.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent, code } = submission.value;
  return answerResult(
    intent,
    await callConsole(args, api.setCouponEnabled, {
      params: { code },
      body: { enabled: intent === "enable" },
    }),
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
