import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData } from "react-router";
import { z } from "zod";
import { SUPPLIER_NAMES } from "../../core/esim-supplier.ts";
import * as api from "../../server/modules/catalog/console/console-contract.ts";
import {
  answerResult,
  callConsole,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formSchema } from "../features/admin/form-schema.ts";
import { formatMoney, useConsoleT } from "../features/admin/i18n.tsx";
import { toMajor, toMinor } from "../features/admin/merch.ts";
import {
  ActionNote,
  buttonClass,
  Cell,
  Field,
  inputClass,
  linkClass,
  PageTitle,
  SelectField,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.plan";

const SLOTS = [0, 1, 2] as const;
const STATUS_KEYS = {
  ON_SHELF: "console.plans.ON_SHELF",
  OFF_SHELF: "console.plans.OFF_SHELF",
  DRAFT: "console.plans.DRAFT",
} as const;

// One plan (ADR 0230): titles, publishing, labels, prices by hand, and the supplier packages that fulfil it. The
// page reads and sends through the catalogue contracts (issue 33 item 1, ADRs 0407, 0414).
export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "catalog.read");
  const [plan, labels, pricing] = await Promise.all([
    readConsole(args, api.getPlan, { params: { code: args.params.code } }),
    readConsole(args, api.labels, {}),
    readConsole(args, api.pricing, {}),
  ]);
  return { plan, labels: labels.labels, currencies: pricing.rates.filter((c) => c.enabled) };
}

/**
 * The plan form as typed (a title per language, the status, the ticked labels, the sort order) turned into the
 * plan endpoint's patch and checked by that very schema. The form sends every field.
 */
const PlanForm = formSchema(api.updatePlan.body, (form) => {
  const title = form.group("title");
  return {
    title: { en_US: title.text("en_US"), zh_CN: title.text("zh_CN"), zh_HK: title.text("zh_HK") },
    status: form.text("status"),
    labelCodes: form.texts("labelCodes"),
    sortOrder: Number(form.text("sortOrder") || 0),
  };
});

/**
 * The price and supplier forms: amounts in major units per currency (`price_HKD`, `original_HKD`) and a supplier,
 * package and cost in US dollars per slot (`supplier_0`, `package_0`, `cost_0`), turned into the endpoints' bodies.
 * An amount that is not one is sent as -1, which the body schema refuses.
 */
function amountForms(currencies: api.CurrencyInfo[]) {
  const minor = (text: string, digits: number) => toMinor(text, digits) ?? -1;
  return {
    prices: formSchema(api.setPrices.body, (form) => ({
      prices: currencies
        .filter((c) => form.text(`price_${c.code}`) !== "")
        .map((c) => {
          const original = form.text(`original_${c.code}`);
          return {
            currencyCode: c.code,
            unitPrice: minor(form.text(`price_${c.code}`), c.minorDigits),
            displayPrice: original === "" ? null : minor(original, c.minorDigits),
          };
        }),
    })),
    suppliers: formSchema(api.setSuppliers.body, (form) => ({
      packages: SLOTS.flatMap((slot) => {
        const supplier = form.text(`supplier_${slot}`);
        const packageCode = form.text(`package_${slot}`);
        if (!supplier || !packageCode) return [];
        const cost = form.text(`cost_${slot}`);
        return [{ supplier, packageCode, rank: slot, costUsdCents: cost === "" ? null : minor(cost, 2) }];
      }),
    })),
  };
}

/** Which form was sent; anything else is the suppliers' form, as before. */
const Intent = z.object({ intent: z.enum(["plan", "prices", "suppliers"]).catch("suppliers") });

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const { intent } = Intent.parse({ intent: form.get("intent") });
  const params = { code: args.params.code };
  if (intent === "plan") {
    const submission = parseWithZod(form, { schema: PlanForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.updatePlan, { params, body: submission.value }));
  }
  if (intent === "prices") {
    const { rates } = await readConsole(args, api.pricing, {});
    const forms = amountForms(rates.filter((c) => c.enabled));
    const submission = parseWithZod(form, { schema: forms.prices });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.setPrices, { params, body: submission.value }));
  }
  const submission = parseWithZod(form, { schema: amountForms([]).suppliers });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return answerResult(intent, await callConsole(args, api.setSuppliers, { params, body: submission.value }));
}

export default function ConsolePlan({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { plan, labels, currencies } = loaderData;
  const priceOf = (code: string) => plan.prices.find((p) => p.currencyCode === code);
  // A title the API asked for (missing, or still the English copy) is marked on its field.
  const titleError = (lang: "zh_CN" | "zh_HK") =>
    result && !result.ok && result.intent === "plan" && result.fields?.[`title.${lang}`]
      ? t("console.plan.titleMissing")
      : undefined;
  return (
    <>
      <title>{`${plan.platformProductCode} · ${t("console.title")}`}</title>
      <p className="mb-2 text-sm">
        <Link className={linkClass} to="/admin/catalog/plans">
          {t("console.plans.back")}
        </Link>
      </p>
      <PageTitle>{`${t("console.plan.title")} ${plan.platformProductCode}`}</PageTitle>
      <p className="mb-4 text-sm text-slate-800">
        {t("console.plan.shape", {
          destination: plan.destinationCode,
          data: plan.unlimited || plan.dataMb === null ? "∞" : `${Math.round(plan.dataMb / 102.4) / 10} GB`,
          days: plan.validityDays,
        })}
      </p>

      <section aria-labelledby="plan-details" className="mb-8 max-w-2xl">
        <h2 id="plan-details" className="mb-3 text-lg font-semibold">
          {t("console.plan.details")}
        </h2>
        {plan.status === "DRAFT" && (
          <p className="mb-3 rounded border border-slate-400 bg-slate-50 px-3 py-2 text-sm text-slate-900">
            {t("console.plan.draftNote")}
          </p>
        )}
        <ActionNote result={result} intent="plan" success={t("console.saved")} />
        <Form method="post">
          <input type="hidden" name="intent" value="plan" />
          <Field
            label={t("console.plan.titleEn")}
            name="title.en_US"
            defaultValue={plan.title.en_US}
            required
          />
          <Field
            label={t("console.plan.titleZhCn")}
            name="title.zh_CN"
            defaultValue={plan.title.zh_CN}
            required
            error={titleError("zh_CN")}
          />
          <Field
            label={t("console.plan.titleZhHk")}
            name="title.zh_HK"
            defaultValue={plan.title.zh_HK}
            required
            error={titleError("zh_HK")}
          />
          <SelectField
            label={t("console.plans.status")}
            name="status"
            defaultValue={plan.status}
            options={(["ON_SHELF", "OFF_SHELF", "DRAFT"] as const).map((s) => ({
              value: s,
              label: t(STATUS_KEYS[s]),
            }))}
          />
          <fieldset className="mb-3">
            <legend className="mb-1 text-sm font-medium text-slate-800">{t("console.plans.labels")}</legend>
            {labels.map((label) => (
              <label key={label.labelCode} className="mr-4 inline-flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  name="labelCodes"
                  value={label.labelCode}
                  defaultChecked={plan.labelCodes.includes(label.labelCode)}
                />
                {t.language === "zh_CN" ? label.name.zh_CN : label.name.en_US}
              </label>
            ))}
          </fieldset>
          <Field
            label={t("console.plan.sortOrder")}
            name="sortOrder"
            inputMode="numeric"
            defaultValue={String(plan.sortOrder)}
          />
          <button type="submit" className={buttonClass}>
            {t("console.save")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="plan-prices" className="mb-8 max-w-2xl">
        <h2 id="plan-prices" className="mb-1 text-lg font-semibold">
          {t("console.plan.prices")}
        </h2>
        <p className="mb-3 text-sm text-slate-800">
          {t("console.plan.pricesHelp")}{" "}
          <Link className={linkClass} to={`/admin/pricing?plan=${plan.platformProductCode}`}>
            {t("console.plan.toRules")}
          </Link>
        </p>
        <ActionNote result={result} intent="prices" success={t("console.saved")} />
        {plan.costWarnings.length > 0 && (
          <section
            role="alert"
            aria-labelledby="plan-cost-warnings"
            className="mb-3 rounded border border-amber-700 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            <h3 id="plan-cost-warnings" className="font-semibold">
              {t("console.plan.costWarningTitle")}
            </h3>
            <ul className="list-disc pl-5">
              {plan.costWarnings.map((w) => {
                const digits = currencies.find((c) => c.code === w.currencyCode)?.minorDigits ?? 2;
                return (
                  <li key={w.currencyCode}>
                    {t("console.plan.atOrUnderCost", {
                      currency: w.currencyCode,
                      price: formatMoney(w.unitPrice, w.currencyCode, t.language, digits),
                      cost: formatMoney(w.costMinor, w.currencyCode, t.language, digits),
                    })}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="prices" />
          <Table
            caption={t("console.plan.prices")}
            head={[t("console.currency"), t("console.plan.price"), t("console.plan.original")]}
          >
            {currencies.map((c) => (
              <tr key={c.code}>
                <Cell>{c.code}</Cell>
                <Cell>
                  <input
                    aria-label={`${t("console.plan.price")} ${c.code}`}
                    name={`price_${c.code}`}
                    inputMode="decimal"
                    defaultValue={toMajor(priceOf(c.code)?.unitPrice, c.minorDigits)}
                    className={inputClass}
                  />
                </Cell>
                <Cell>
                  <input
                    aria-label={`${t("console.plan.original")} ${c.code}`}
                    name={`original_${c.code}`}
                    inputMode="decimal"
                    defaultValue={toMajor(priceOf(c.code)?.displayPrice, c.minorDigits)}
                    className={inputClass}
                  />
                </Cell>
              </tr>
            ))}
          </Table>
          <button type="submit" className={`${buttonClass} mt-3`}>
            {t("console.plan.savePrices")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="plan-suppliers" className="mb-8 max-w-3xl">
        <h2 id="plan-suppliers" className="mb-1 text-lg font-semibold">
          {t("console.plan.suppliers")}
        </h2>
        <p className="mb-3 text-sm text-slate-800">{t("console.plan.suppliersHelp")}</p>
        <ActionNote result={result} intent="suppliers" success={t("console.saved")} />
        <Form method="post">
          <input type="hidden" name="intent" value="suppliers" />
          <Table
            caption={t("console.plan.suppliers")}
            head={[
              t("console.plan.choice"),
              t("console.plan.supplier"),
              t("console.plan.package"),
              t("console.plan.costUsd"),
              t("console.plan.state"),
            ]}
          >
            {SLOTS.map((slot) => {
              const current = plan.suppliers[slot];
              return (
                <tr key={slot}>
                  <Cell>
                    {slot === 0 ? t("console.plan.firstChoice") : t("console.plan.failover", { n: slot })}
                  </Cell>
                  <Cell>
                    <select
                      aria-label={`${t("console.plan.supplier")} ${slot + 1}`}
                      name={`supplier_${slot}`}
                      defaultValue={current?.supplier ?? ""}
                      className={inputClass}
                    >
                      <option value="">{t("console.plan.noSupplier")}</option>
                      {SUPPLIER_NAMES.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                  </Cell>
                  <Cell>
                    <input
                      aria-label={`${t("console.plan.package")} ${slot + 1}`}
                      name={`package_${slot}`}
                      defaultValue={current?.packageCode ?? ""}
                      className={inputClass}
                    />
                  </Cell>
                  <Cell>
                    <input
                      aria-label={`${t("console.plan.costUsd")} ${slot + 1}`}
                      name={`cost_${slot}`}
                      inputMode="decimal"
                      defaultValue={toMajor(current?.costUsdCents, 2)}
                      className={inputClass}
                    />
                  </Cell>
                  <Cell>
                    {current ? (current.pausedAt ? t("console.plan.paused") : t("console.plan.live")) : "—"}
                  </Cell>
                </tr>
              );
            })}
          </Table>
          <button type="submit" className={`${buttonClass} mt-3`}>
            {t("console.plan.saveSuppliers")}
          </button>
        </Form>
      </section>
    </>
  );
}
