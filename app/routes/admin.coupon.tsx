import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form, Link, redirect, useActionData } from "react-router";
import {
  AMOUNT_FORMAT,
  COUPON_CODE_FORMAT,
  COUPON_INVALID,
  COUPON_REQUIRED,
  couponRulesSchema,
  END_BEFORE_START,
  newCouponSchema,
  PERCENT_OFF_RANGE,
  percentOffFromShare,
} from "../../core/forms/coupon.ts";
import type { ConsoleMessageKey } from "../../core/i18n/console/index.ts";
import { instantToZoned, STORE_TIME_ZONE, zoneLabel } from "../../core/store-time.ts";
import * as pricingApi from "../../server/modules/catalog/console/console-contract.ts";
import * as api from "../../server/modules/coupon/console-contract.ts";
import { callConsole, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { CouponScopePicker, type PickedScope } from "../features/admin/coupon-scope-picker.tsx";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { toMajor } from "../features/admin/merch.ts";
import { buttonClass, Field, linkClass, PageTitle, SelectField } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.coupon";

/** The browser's side of the coupon form's one schema (core/forms/coupon.ts, ADR 0360). */
const FORM_SIDE = { timeZone: STORE_TIME_ZONE, checkboxes: true };
const schemaFor = (isNew: boolean) => (isNew ? newCouponSchema(FORM_SIDE) : couponRulesSchema(FORM_SIDE));

/** The schema's and the API's field message keys, as the console says them. */
const ERROR_TEXT: Record<string, ConsoleMessageKey> = {
  [COUPON_REQUIRED]: "console.coupons.err.required",
  [COUPON_INVALID]: "console.coupons.err.invalid",
  [PERCENT_OFF_RANGE]: "console.coupons.err.percentOff",
  [AMOUNT_FORMAT]: "console.coupons.err.amount",
  [COUPON_CODE_FORMAT]: "console.coupons.err.code",
  [END_BEFORE_START]: "console.coupons.err.endBeforeStart",
};

// One coupon or promo code (ADR 0232): every rule checkout enforces, as one form checked as a whole (issue 29
// item 5, ADR 0360): a percentage off as typed, plans and destinations picked by name, times in the store's zone.
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "marketing.read");
  const isNew = args.params.code === "new";
  const [coupon, pricing] = await Promise.all([
    isNew ? Promise.resolve(null) : readConsole(args, api.getCoupon, { params: { code: args.params.code } }),
    readConsole(args, pricingApi.pricing, {}),
  ]);
  const codes = coupon?.scopes.map((s) => s.scopeCode) ?? [];
  const named =
    codes.length === 0
      ? { options: [] as api.ScopeOption[] }
      : await readConsole(args, api.couponScopes, { query: { codes: codes.join(",") } });
  const scopes: PickedScope[] = (coupon?.scopes ?? []).map((s) => ({
    ...s,
    name: named.options.find((o) => o.scopeType === s.scopeType && o.scopeCode === s.scopeCode)?.name ?? null,
  }));
  const saved = new URL(args.request.url).searchParams.get("saved") === "1";
  // A new coupon starts now (to the minute), in the store's zone; the end is the operator's to choose.
  const now = instantToZoned(new Date(), STORE_TIME_ZONE);
  return { coupon, scopes, now, currencies: pricing.rates.filter((c) => c.enabled), saved };
}

/** A new coupon posts the whole form (its code and kind too), an existing one its rules: each to its endpoint. */
async function save(args: Route.ActionArgs, form: FormData, code: string) {
  if (code === "new") {
    const submission = parseWithZod(form, { schema: newCouponSchema(FORM_SIDE) });
    if (submission.status !== "success") return { submission, answer: null };
    return { submission, answer: await callConsole(args, api.createCoupon, { body: submission.value }) };
  }
  const submission = parseWithZod(form, { schema: couponRulesSchema(FORM_SIDE) });
  if (submission.status !== "success") return { submission, answer: null };
  return {
    submission,
    answer: await callConsole(args, api.updateCoupon, { params: { code }, body: submission.value }),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "marketing.write");
  const { submission, answer } = await save(args, await args.request.formData(), args.params.code);
  if (!answer) return { result: submission.reply(), message: null };
  if (answer.ok) throw redirect(`/admin/marketing/coupons/${encodeURIComponent(answer.value.code)}?saved=1`);
  const fields = answer.fields ?? {};
  return {
    result: submission.reply({
      fieldErrors: Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, [key]])),
    }) as SubmissionResult<string[]>,
    message: answer.message,
  };
}

export default function ConsoleCoupon({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const answer = useActionData<typeof action>();
  const { coupon, currencies, saved, now, scopes } = loaderData;
  const isNew = !coupon;
  const schema = useMemo(() => schemaFor(isNew), [isNew]);
  const [form] = useForm({
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const error = (name: string) => {
    const key = form.allErrors[name]?.[0];
    if (!key) return undefined;
    return t(ERROR_TEXT[key] ?? "console.coupons.err.invalid");
  };
  const invalid = Object.keys(form.allErrors).length > 0;
  const zone = zoneLabel(STORE_TIME_ZONE, t.language);
  const currencyOptions = currencies.map((c) => ({ value: c.code, label: c.code }));
  const digits = (code: string | null) => currencies.find((c) => c.code === code)?.minorDigits ?? 2;
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
      {answer?.message ? (
        <p
          role="alert"
          className="mb-3 rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {answer.message}
        </p>
      ) : invalid ? (
        <p
          role="alert"
          className="mb-3 rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {t("console.coupons.fieldErrors")}
        </p>
      ) : null}
      {saved && !answer ? (
        <p role="status" className="mb-3 text-sm text-green-900">
          {t("console.saved")}
        </p>
      ) : null}
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid max-w-3xl grid-cols-1 gap-x-4 md:grid-cols-3"
      >
        {coupon ? null : (
          <>
            <Field
              label={t("console.coupons.code")}
              name="code"
              required
              maxLength={48}
              error={error("code")}
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
          label={t("console.coupons.discount")}
          name="percentOff"
          inputMode="decimal"
          defaultValue={percentOffFromShare(coupon?.resultDiscount)}
          error={error("percentOff")}
        />
        <div />
        <Field
          label={t("console.coupons.reduction")}
          name="reductionAmount"
          inputMode="decimal"
          defaultValue={toMajor(coupon?.resultReduction, digits(coupon?.reductionCurrency ?? "HKD"))}
          error={error("reductionAmount")}
        />
        <SelectField
          label={t("console.coupons.reductionCurrency")}
          name="reductionCurrency"
          defaultValue={coupon?.reductionCurrency ?? "HKD"}
          options={currencyOptions}
        />
        <div />
        <Field
          label={t("console.coupons.minimumSpend")}
          name="minimumSpendAmount"
          inputMode="decimal"
          defaultValue={toMajor(coupon?.minimumSpend ?? 0, digits(coupon?.minimumSpendCurrency ?? "HKD"))}
          error={error("minimumSpendAmount")}
        />
        <SelectField
          label={t("console.coupons.minimumSpendCurrency")}
          name="minimumSpendCurrency"
          defaultValue={coupon?.minimumSpendCurrency ?? "HKD"}
          options={currencyOptions}
        />
        <div />
        <Field
          label={t("console.coupons.start", { zone })}
          name="startTime"
          type="datetime-local"
          required
          defaultValue={coupon ? instantToZoned(coupon.startTime, STORE_TIME_ZONE) : now}
          error={error("startTime")}
        />
        <Field
          label={t("console.coupons.end", { zone })}
          name="endTime"
          type="datetime-local"
          required
          defaultValue={instantToZoned(coupon?.endTime, STORE_TIME_ZONE)}
          error={error("endTime")}
        />
        <p className="mb-3 self-end text-sm text-slate-700">{t("console.coupons.timeZone", { zone })}</p>
        <Field
          label={t("console.coupons.totalLimit")}
          name="totalLimit"
          inputMode="numeric"
          defaultValue={coupon?.totalLimit?.toString() ?? ""}
          error={error("totalLimit")}
        />
        <Field
          label={t("console.coupons.perCustomer")}
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={String(coupon?.perCustomerLimit ?? 1)}
          error={error("perCustomerLimit")}
        />
        <div className="flex flex-col">
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
        </div>
        <div className="md:col-span-3">
          <CouponScopePicker initial={scopes} error={error("scopes")} />
        </div>
        <p className="mb-2 text-sm text-slate-700 md:col-span-3">{t("console.coupons.textFallback")}</p>
        <Field
          label={t("console.coupons.nameEn")}
          name="name.en_US"
          required
          maxLength={100}
          defaultValue={coupon?.name.en_US}
          error={error("name.en_US")}
        />
        <Field
          label={t("console.coupons.nameZhCn")}
          name="name.zh_CN"
          maxLength={100}
          defaultValue={coupon?.name.zh_CN}
          error={error("name.zh_CN")}
        />
        <Field
          label={t("console.coupons.nameZhHk")}
          name="name.zh_HK"
          maxLength={100}
          defaultValue={coupon?.name.zh_HK}
          error={error("name.zh_HK")}
        />
        <Field
          label={t("console.coupons.descriptionEn")}
          name="description.en_US"
          maxLength={500}
          defaultValue={coupon?.description.en_US}
          error={error("description.en_US")}
        />
        <Field
          label={t("console.coupons.descriptionZhCn")}
          name="description.zh_CN"
          maxLength={500}
          defaultValue={coupon?.description.zh_CN}
          error={error("description.zh_CN")}
        />
        <Field
          label={t("console.coupons.descriptionZhHk")}
          name="description.zh_HK"
          maxLength={500}
          defaultValue={coupon?.description.zh_HK}
          error={error("description.zh_HK")}
        />
        <Field
          label={t("console.coupons.note")}
          name="note"
          maxLength={500}
          defaultValue={coupon?.note ?? ""}
          error={error("note")}
        />
        <div className="md:col-span-3">
          <button type="submit" className={buttonClass}>
            {t("console.save")}
          </button>
        </div>
      </Form>
    </>
  );
}
