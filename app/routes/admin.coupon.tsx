import { Form, Link, redirect, useActionData } from "react-router";
import {
  actionResult,
  callConsole,
  field,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import {
  type CurrencyInfo,
  codes,
  fromLocalInput,
  toLocalInput,
  toMajor,
  toMinor,
} from "../features/admin/merch.ts";
import { ActionNote, buttonClass, Field, linkClass, PageTitle, SelectField } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.coupon";

interface Coupon {
  code: string;
  marketingType: "COUPON" | "PROMO_CODE";
  couponTypeCode: "DISCOUNT" | "REDUCTION";
  name: { en_US: string; zh_CN: string; zh_HK: string };
  description: { en_US: string; zh_CN: string; zh_HK: string };
  resultDiscount: string | null;
  resultReduction: number | null;
  reductionCurrency: string | null;
  minimumSpend: number;
  minimumSpendCurrency: string;
  startTime: string;
  endTime: string;
  totalLimit: number | null;
  perCustomerLimit: number;
  enabled: boolean;
  welcomeGift: boolean;
  note: string | null;
  scopes: { scopeType: "PLAN" | "DESTINATION"; scopeCode: string }[];
  usage: { used: number; issued: number; customers: number };
}

// One coupon or promo code (ADR 0232): every rule checkout enforces, as a form; a new one at /new.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "marketing.read");
  const isNew = args.params.code === "new";
  const [coupon, pricing] = await Promise.all([
    isNew
      ? Promise.resolve(null)
      : readConsole<Coupon>(args, `/o2adm/v1/marketing/coupons/${encodeURIComponent(args.params.code)}`),
    readConsole<{ rates: CurrencyInfo[] }>(args, "/o2adm/v1/pricing"),
  ]);
  const saved = new URL(args.request.url).searchParams.get("saved") === "1";
  return { coupon, currencies: pricing.rates.filter((c) => c.enabled), saved };
}

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "marketing.write");
  const form = await args.request.formData();
  const { rates } = await readConsole<{ rates: CurrencyInfo[] }>(args, "/o2adm/v1/pricing");
  const digits = (code: string) => rates.find((c) => c.code === code)?.minorDigits ?? 2;
  const kind = field(form, "couponTypeCode");
  const reductionCurrency = field(form, "reductionCurrency");
  const minimumSpendCurrency = field(form, "minimumSpendCurrency");
  const limit = field(form, "totalLimit");
  const localized = (name: string) => ({
    en_US: field(form, `${name}_en_US`),
    zh_CN: field(form, `${name}_zh_CN`),
    zh_HK: field(form, `${name}_zh_HK`),
  });
  const body = {
    couponTypeCode: kind,
    name: localized("name"),
    description: localized("description"),
    resultDiscount: kind === "DISCOUNT" ? field(form, "resultDiscount") : null,
    resultReduction:
      kind === "REDUCTION" ? toMinor(field(form, "resultReduction"), digits(reductionCurrency)) : null,
    reductionCurrency: kind === "REDUCTION" ? reductionCurrency : null,
    minimumSpend: toMinor(field(form, "minimumSpend") || "0", digits(minimumSpendCurrency)) ?? -1,
    minimumSpendCurrency,
    startTime: fromLocalInput(field(form, "startTime")),
    endTime: fromLocalInput(field(form, "endTime")),
    totalLimit: limit === "" ? null : Number(limit),
    perCustomerLimit: Number(field(form, "perCustomerLimit") || 1),
    enabled: form.get("enabled") === "on",
    welcomeGift: form.get("welcomeGift") === "on",
    note: field(form, "note") || null,
    scopes: [
      ...codes(field(form, "plans")).map((scopeCode) => ({ scopeType: "PLAN", scopeCode })),
      ...codes(field(form, "destinations")).map((scopeCode) => ({ scopeType: "DESTINATION", scopeCode })),
    ],
  };
  if (args.params.code === "new") {
    const result = await callConsole(args, {
      method: "POST",
      path: "/o2adm/v1/marketing/coupons",
      body: { ...body, code: field(form, "code"), marketingType: field(form, "marketingType") },
    });
    if (result.status === 200)
      throw redirect(`/admin/marketing/coupons/${encodeURIComponent(result.body.code)}?saved=1`);
    return actionResult("save", result);
  }
  const path = `/o2adm/v1/marketing/coupons/${encodeURIComponent(args.params.code)}`;
  return actionResult("save", await callConsole(args, { method: "PUT", path, body }));
}

export default function ConsoleCoupon({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { coupon, currencies, saved } = loaderData;
  const currencyOptions = currencies.map((c) => ({ value: c.code, label: c.code }));
  const digits = (code: string | null) => currencies.find((c) => c.code === code)?.minorDigits ?? 2;
  const fieldError = (name: string) => (result && !result.ok ? result.fields?.[name] : undefined);
  return (
    <>
      <title>{`${coupon ? coupon.code : t("console.coupons.new")} · ${t("console.title")}`}</title>
      <p className="mb-2 text-sm">
        <Link className={linkClass} to="/admin/marketing/coupons">
          {t("console.coupons.back")}
        </Link>
      </p>
      <PageTitle>
        {coupon ? `${t("console.coupons.edit")} ${coupon.code}` : t("console.coupons.new")}
      </PageTitle>
      {coupon ? (
        <p className="mb-4 text-sm" data-testid="coupon-usage">
          {t("console.coupons.usage", {
            used: coupon.usage.used,
            issued: coupon.usage.issued,
            customers: coupon.usage.customers,
          })}
        </p>
      ) : null}
      <ActionNote result={result} success={t("console.saved")} />
      {saved && !result ? (
        <p role="status" className="mb-3 text-sm text-green-900">
          {t("console.saved")}
        </p>
      ) : null}
      <Form method="post" className="grid max-w-3xl grid-cols-1 gap-x-4 md:grid-cols-3">
        {coupon ? null : (
          <>
            <Field
              label={t("console.coupons.code")}
              name="code"
              required
              maxLength={48}
              error={fieldError("code")}
            />
            <SelectField
              label={t("console.coupons.kind")}
              name="marketingType"
              defaultValue="PROMO_CODE"
              options={[
                { value: "PROMO_CODE", label: t("console.coupons.PROMO_CODE") },
                { value: "COUPON", label: t("console.coupons.COUPON") },
              ]}
            />
            <div />
          </>
        )}
        <SelectField
          label={t("console.coupons.benefit")}
          name="couponTypeCode"
          defaultValue={coupon?.couponTypeCode ?? "REDUCTION"}
          options={[
            { value: "REDUCTION", label: t("console.coupons.REDUCTION") },
            { value: "DISCOUNT", label: t("console.coupons.DISCOUNT") },
          ]}
        />
        <Field
          label={t("console.coupons.reduction")}
          name="resultReduction"
          inputMode="text"
          defaultValue={toMajor(coupon?.resultReduction, digits(coupon?.reductionCurrency ?? "HKD"))}
          error={fieldError("resultReduction")}
        />
        <SelectField
          label={t("console.coupons.reductionCurrency")}
          name="reductionCurrency"
          defaultValue={coupon?.reductionCurrency ?? "HKD"}
          options={currencyOptions}
        />
        <Field
          label={t("console.coupons.discount")}
          name="resultDiscount"
          defaultValue={coupon?.resultDiscount ?? ""}
          error={fieldError("resultDiscount")}
        />
        <Field
          label={t("console.coupons.minimumSpend")}
          name="minimumSpend"
          inputMode="text"
          defaultValue={toMajor(coupon?.minimumSpend ?? 0, digits(coupon?.minimumSpendCurrency ?? "HKD"))}
        />
        <SelectField
          label={t("console.coupons.minimumSpendCurrency")}
          name="minimumSpendCurrency"
          defaultValue={coupon?.minimumSpendCurrency ?? "HKD"}
          options={currencyOptions}
        />
        <Field
          label={t("console.coupons.start")}
          name="startTime"
          type="datetime-local"
          required
          defaultValue={toLocalInput(coupon?.startTime)}
          error={fieldError("startTime")}
        />
        <Field
          label={t("console.coupons.end")}
          name="endTime"
          type="datetime-local"
          required
          defaultValue={toLocalInput(coupon?.endTime)}
          error={fieldError("endTime")}
        />
        <div />
        <Field
          label={t("console.coupons.totalLimit")}
          name="totalLimit"
          inputMode="numeric"
          defaultValue={coupon?.totalLimit?.toString() ?? ""}
          error={fieldError("totalLimit")}
        />
        <Field
          label={t("console.coupons.perCustomer")}
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={String(coupon?.perCustomerLimit ?? 1)}
        />
        <label className="mb-3 flex items-end gap-2 text-sm">
          <input type="checkbox" name="enabled" defaultChecked={coupon?.enabled ?? true} />
          {t("console.coupons.enabled")}
        </label>
        {(coupon?.marketingType ?? "COUPON") === "COUPON" && (
          <label className="mb-3 flex items-end gap-2 text-sm">
            <input type="checkbox" name="welcomeGift" defaultChecked={coupon?.welcomeGift ?? false} />
            {t("console.coupons.welcomeGift")}
          </label>
        )}
        <Field
          label={t("console.coupons.nameEn")}
          name="name_en_US"
          required
          defaultValue={coupon?.name.en_US}
        />
        <Field
          label={t("console.coupons.nameZhCn")}
          name="name_zh_CN"
          required
          defaultValue={coupon?.name.zh_CN}
        />
        <Field
          label={t("console.coupons.nameZhHk")}
          name="name_zh_HK"
          required
          defaultValue={coupon?.name.zh_HK}
        />
        <Field
          label={t("console.coupons.descriptionEn")}
          name="description_en_US"
          required
          defaultValue={coupon?.description.en_US}
        />
        <Field
          label={t("console.coupons.descriptionZhCn")}
          name="description_zh_CN"
          required
          defaultValue={coupon?.description.zh_CN}
        />
        <Field
          label={t("console.coupons.descriptionZhHk")}
          name="description_zh_HK"
          required
          defaultValue={coupon?.description.zh_HK}
        />
        <Field
          label={t("console.coupons.plans")}
          name="plans"
          defaultValue={coupon?.scopes
            .filter((s) => s.scopeType === "PLAN")
            .map((s) => s.scopeCode)
            .join(", ")}
        />
        <Field
          label={t("console.coupons.destinations")}
          name="destinations"
          defaultValue={coupon?.scopes
            .filter((s) => s.scopeType === "DESTINATION")
            .map((s) => s.scopeCode)
            .join(", ")}
        />
        <Field label={t("console.coupons.note")} name="note" defaultValue={coupon?.note ?? ""} />
        <div className="md:col-span-3">
          <button type="submit" className={buttonClass}>
            {t("console.save")}
          </button>
        </div>
      </Form>
    </>
  );
}
