import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { BASE_CURRENCY } from "../../core/pricing.ts";
import * as api from "../../server/modules/catalog/console/console-contract.ts";
import {
  type ActionResult,
  answerResult,
  callConsole,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formSchema } from "../features/admin/form-schema.ts";
import { formatMoney, useConsoleT } from "../features/admin/i18n.tsx";
import { type CurrencyInfo, toMajor, toMinor } from "../features/admin/merch.ts";
import {
  ActionNote,
  buttonClass,
  Cell,
  Field,
  IntentButton,
  inputClass,
  PageTitle,
  SelectField,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.pricing";

type Rule = z.infer<typeof api.PriceRule>;

// Price rules, roundings and FX rates (ADR 0231): every change is previewed (the prices it would give) before it
// is saved; saving reprices the plans with a known supplier cost and the store shows the new prices at once.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "catalog.read");
  const pricing = await readConsole(args, api.pricing, {});
  const plan = new URL(args.request.url).searchParams.get("plan") ?? "";
  return { pricing, plan, canWrite: operator.permissions.includes("prices.write") };
}

/**
 * The rule form as typed (the scope, the markup as a multiplier, the floor in dollars), turned into the rules
 * endpoint's body and checked by that very schema (api.Rule).
 */
const RuleForm = formSchema(api.Rule, (form) => {
  const scope = form.text("scope") || "default";
  const code = form.text("scopeCode").toUpperCase();
  const decimal = (text: string) => (/^\d{1,6}(\.\d{1,8})?$/.test(text) ? Number(text) : Number.NaN);
  return {
    destinationCode: scope === "destination" ? code : null,
    platformProductCode: scope === "plan" ? code : null,
    markupBp: Math.round(decimal(form.text("markup")) * 10_000),
    floorUsdCents: toMinor(form.text("floor") || "0", 2) ?? -1,
  };
});

/** The rates and roundings form: a rate, step and ending per currency (`rate_USD`, `step_USD`, `ending_USD`). */
function currencyForms(rates: api.CurrencyInfo[]) {
  return {
    /** Only the rates the operator changed (the base currency's is fixed). */
    rates: formSchema(z.object({ rates: api.CurrencyMap(api.Rate) }), (form) => ({
      rates: Object.fromEntries(
        rates
          .filter((c) => c.code !== BASE_CURRENCY && form.text(`rate_${c.code}`) !== c.rateFromBase)
          .map((c) => [c.code, form.text(`rate_${c.code}`)]),
      ),
    })),
    roundings: formSchema(z.object({ roundings: api.CurrencyMap(api.Rounding) }), (form) => ({
      roundings: Object.fromEntries(
        rates
          .filter((c) => form.text(`step_${c.code}`) !== "")
          .map((c) => [
            c.code,
            { step: Number(form.text(`step_${c.code}`)), ending: Number(form.text(`ending_${c.code}`) || 0) },
          ]),
      ),
    })),
  };
}

const Intent = z.object({
  intent: z.enum([
    "previewRule",
    "saveRule",
    "deleteRule",
    "previewRates",
    "saveRates",
    "previewRoundings",
    "saveRoundings",
  ]),
});
const DeleteForm = api.deleteRule.params;

export async function action(args: Route.ActionArgs) {
  await requireOperator(args, "prices.write");
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: Intent });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { intent } = chosen.value;
  if (intent === "deleteRule") {
    const submission = parseWithZod(form, { schema: DeleteForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return answerResult(intent, await callConsole(args, api.deleteRule, { params: submission.value }));
  }
  if (intent === "previewRule" || intent === "saveRule") {
    const submission = parseWithZod(form, { schema: RuleForm });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return intent === "previewRule"
      ? answerResult(
          intent,
          await callConsole(args, api.previewPricing, { body: { rule: submission.value } }),
        )
      : answerResult(intent, await callConsole(args, api.saveRule, { body: submission.value }));
  }
  const { rates } = await readConsole(args, api.pricing, {});
  const forms = currencyForms(rates);
  if (intent === "previewRates" || intent === "saveRates") {
    const submission = parseWithZod(form, { schema: forms.rates });
    if (submission.status !== "success") return formProblem(args, intent, submission);
    return intent === "previewRates"
      ? answerResult(intent, await callConsole(args, api.previewPricing, { body: submission.value }))
      : answerResult(intent, await callConsole(args, api.saveRates, { body: submission.value }));
  }
  const submission = parseWithZod(form, { schema: forms.roundings });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return intent === "previewRoundings"
    ? answerResult(intent, await callConsole(args, api.previewPricing, { body: submission.value }))
    : answerResult(intent, await callConsole(args, api.saveRoundings, { body: submission.value }));
}

function PreviewTable({
  result,
  currencies,
}: {
  result: ActionResult | undefined;
  currencies: CurrencyInfo[];
}) {
  const t = useConsoleT();
  if (!result?.ok || !result.intent.startsWith("preview")) return null;
  const parsed = api.PricingPreview.safeParse(result.value);
  if (!parsed.success) return null;
  const preview = parsed.data;
  const digits = (code: string) => currencies.find((c) => c.code === code)?.minorDigits ?? 2;
  const money = (minor: number | null, code: string) =>
    minor === null ? "—" : formatMoney(minor, code, t.language, digits(code));
  return (
    <section aria-labelledby="preview" className="mb-6 rounded border border-blue-700 bg-white p-3">
      <h2 id="preview" className="mb-2 font-semibold">
        {t("console.pricing.preview")}
      </h2>
      <p role="status" className="mb-2 text-sm">
        {t("console.pricing.previewSummary", {
          plans: preview.plans,
          prices: preview.total,
          unpriced: preview.unpriced,
        })}
      </p>
      {preview.changes.length > 0 ? (
        <Table
          caption={t("console.pricing.preview")}
          head={[
            t("console.plans.code"),
            t("console.currency"),
            t("console.pricing.before"),
            t("console.pricing.after"),
          ]}
        >
          {preview.changes.slice(0, 200).map((c) => (
            <tr key={`${c.platformProductCode}-${c.currencyCode}`}>
              <Cell>{c.platformProductCode}</Cell>
              <Cell>{c.currencyCode}</Cell>
              <Cell>{money(c.before, c.currencyCode)}</Cell>
              <Cell>{money(c.after, c.currencyCode)}</Cell>
            </tr>
          ))}
        </Table>
      ) : null}
    </section>
  );
}

export default function ConsolePricing() {
  const t = useConsoleT();
  const { pricing, plan, canWrite } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const scopeOf = (rule: Rule) =>
    rule.platformProductCode
      ? t("console.pricing.scopePlan", { code: rule.platformProductCode })
      : rule.destinationCode
        ? t("console.pricing.scopeDestination", { code: rule.destinationCode })
        : t("console.pricing.scopeDefault");
  const rounding = (code: string) => pricing.roundings.find((r) => r.currencyCode === code);
  return (
    <>
      <title>{`${t("console.pricing.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.pricing.title")}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-800">{t("console.pricing.help")}</p>
      <PreviewTable result={result} currencies={pricing.rates} />

      <section aria-labelledby="rules" className="mb-8 max-w-3xl">
        <h2 id="rules" className="mb-3 text-lg font-semibold">
          {t("console.pricing.rules")}
        </h2>
        {pricing.rules.length === 0 ? (
          <p className="mb-3 text-sm">{t("console.pricing.noRules")}</p>
        ) : (
          <Table
            caption={t("console.pricing.rules")}
            head={[t("console.pricing.scope"), t("console.pricing.markup"), t("console.pricing.floor"), ""]}
          >
            {pricing.rules.map((rule) => (
              <tr key={rule.id}>
                <Cell>{scopeOf(rule)}</Cell>
                <Cell>× {(rule.markupBp / 10_000).toFixed(2)}</Cell>
                <Cell>{formatMoney(rule.floorUsdCents, "USD", t.language)}</Cell>
                <Cell>
                  {canWrite ? (
                    <IntentButton
                      intent="deleteRule"
                      label={t("console.pricing.delete")}
                      fields={{ id: String(rule.id) }}
                      secondary
                    />
                  ) : null}
                </Cell>
              </tr>
            ))}
          </Table>
        )}
        {canWrite ? (
          <Form
            method="post"
            className="mt-4 grid grid-cols-1 gap-x-4 rounded border border-slate-300 bg-white p-3 md:grid-cols-4"
          >
            <h3 className="font-semibold md:col-span-4">{t("console.pricing.newRule")}</h3>
            <ActionNote result={result} intent="saveRule" success={t("console.pricing.saved")} />
            <ActionNote result={result} intent="previewRule" />
            <SelectField
              label={t("console.pricing.scope")}
              name="scope"
              defaultValue={plan ? "plan" : "default"}
              options={[
                { value: "default", label: t("console.pricing.scopeDefault") },
                { value: "destination", label: t("console.pricing.destination") },
                { value: "plan", label: t("console.pricing.plan") },
              ]}
            />
            <Field label={t("console.pricing.scopeCode")} name="scopeCode" defaultValue={plan} />
            <Field
              label={t("console.pricing.markupHelp")}
              name="markup"
              inputMode="text"
              defaultValue="1.8"
              required
            />
            <Field label={t("console.pricing.floorUsd")} name="floor" inputMode="text" defaultValue="0" />
            <div className="flex gap-2 md:col-span-4">
              <button type="submit" name="intent" value="previewRule" className={secondaryButtonClass}>
                {t("console.pricing.previewButton")}
              </button>
              <button type="submit" name="intent" value="saveRule" className={buttonClass}>
                {t("console.pricing.saveRule")}
              </button>
            </div>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="rates" className="mb-8 max-w-3xl">
        <h2 id="rates" className="mb-1 text-lg font-semibold">
          {t("console.pricing.rates")}
        </h2>
        <p className="mb-3 text-sm text-slate-800">{t("console.pricing.ratesHelp")}</p>
        <ActionNote result={result} intent="saveRates" success={t("console.pricing.saved")} />
        <ActionNote result={result} intent="previewRates" />
        <ActionNote result={result} intent="saveRoundings" success={t("console.pricing.saved")} />
        <ActionNote result={result} intent="previewRoundings" />
        <Form method="post">
          <Table
            caption={t("console.pricing.rates")}
            head={[
              t("console.currency"),
              t("console.pricing.rate"),
              t("console.pricing.step"),
              t("console.pricing.ending"),
            ]}
          >
            {pricing.rates.map((c) => (
              <tr key={c.code}>
                <Cell>{c.code}</Cell>
                <Cell>
                  <input
                    aria-label={`${t("console.pricing.rate")} ${c.code}`}
                    name={`rate_${c.code}`}
                    defaultValue={c.rateFromBase}
                    readOnly={c.code === BASE_CURRENCY}
                    className={inputClass}
                  />
                </Cell>
                <Cell>
                  <input
                    aria-label={`${t("console.pricing.step")} ${c.code}`}
                    name={`step_${c.code}`}
                    inputMode="numeric"
                    defaultValue={rounding(c.code)?.step ?? ""}
                    placeholder={String(c.minorDigits === 0 ? 10 : 10 ** c.minorDigits)}
                    className={inputClass}
                  />
                </Cell>
                <Cell>
                  <input
                    aria-label={`${t("console.pricing.ending")} ${c.code}`}
                    name={`ending_${c.code}`}
                    inputMode="numeric"
                    defaultValue={rounding(c.code)?.ending ?? ""}
                    placeholder={toMajor(c.minorDigits === 0 ? 0 : 10 ** c.minorDigits - 1, 0)}
                    className={inputClass}
                  />
                </Cell>
              </tr>
            ))}
          </Table>
          {canWrite ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="submit" name="intent" value="previewRates" className={secondaryButtonClass}>
                {t("console.pricing.previewRates")}
              </button>
              <button type="submit" name="intent" value="saveRates" className={buttonClass}>
                {t("console.pricing.saveRates")}
              </button>
              <button type="submit" name="intent" value="previewRoundings" className={secondaryButtonClass}>
                {t("console.pricing.previewRoundings")}
              </button>
              <button type="submit" name="intent" value="saveRoundings" className={buttonClass}>
                {t("console.pricing.saveRoundings")}
              </button>
            </div>
          ) : null}
        </Form>
      </section>
    </>
  );
}
