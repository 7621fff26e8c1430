import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId } from "react";
import { Form, useActionData } from "react-router";
import type { ConsoleMessageKey } from "../../core/i18n/console/index.ts";
import type { RefundPolicy } from "../../core/refund-policy.ts";
import * as api from "../../server/modules/refund/console-contract.ts";
import { callConsole, formReply, readConsole, requireOperator } from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { buttonClass, inputClass, PageTitle } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.refund-policy";

type FieldName = keyof RefundPolicy;

/** The message beside a field that does not pass the policy's schema, by field (the schema's own text is English). */
const FIELD_ERRORS: Record<FieldName, ConsoleMessageKey> = {
  cancelWindowDays: "console.refundPolicy.error.days",
  requestWindowDays: "console.refundPolicy.error.days",
  maxUsedPercent: "console.refundPolicy.error.percent",
  cardRefundDays: "console.refundPolicy.error.cardDays",
  installedRefundable: "console.refundPolicy.error.flag",
  allowCard: "console.refundPolicy.error.flag",
  allowCredit: "console.refundPolicy.error.flag",
};

// The refund policy form (issue 29, ADR 0358): windows in days, install and usage limits, card or store credit,
// checked together by the API's own schema in the browser (Conform) and again by the API; saving is audited. The
// page reads and saves through the refund policy's contracts (issue 33 item 1, ADR 0407).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "orders.read");
  const policy = await readConsole(args, api.getRefundPolicy, {});
  return { policy, canEdit: operator.permissions.includes("refunds.policy") };
}

export async function action(args: Route.ActionArgs): Promise<{ result: SubmissionResult; saved: boolean }> {
  await requireOperator(args, "refunds.policy");
  const submission = parseWithZod(await args.request.formData(), { schema: api.RefundPolicyBody });
  if (submission.status !== "success") return { result: await formReply(args, submission), saved: false };
  const answer = await callConsole(args, api.saveRefundPolicy, { body: submission.value });
  if (answer.ok) return { result: await formReply(args, submission), saved: true };
  return { result: await formReply(args, submission, answer), saved: false };
}

function NumberField({
  name,
  label,
  defaultValue,
  error,
  disabled,
}: {
  name: FieldName;
  label: string;
  defaultValue: number;
  error: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        defaultValue={defaultValue}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} max-w-32`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function CheckField({
  name,
  label,
  defaultChecked,
  error,
  disabled,
}: {
  name: FieldName;
  label: string;
  defaultChecked: boolean;
  error: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="mb-2">
      <div className="flex items-center gap-2 text-sm">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-4 w-4"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export default function ConsoleRefundPolicy({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const { policy, canEdit } = loaderData;
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: api.RefundPolicyBody }),
  });
  const error = (name: FieldName) => (fields[name].errors?.length ? t(FIELD_ERRORS[name]) : undefined);
  const invalid = Object.values(form.allErrors).some((messages) => messages.length > 0);
  const common = { disabled: !canEdit };
  return (
    <>
      <title>{`${t("console.refundPolicy.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.refundPolicy.title")}</PageTitle>
      <p className="mb-4 max-w-2xl text-sm">{t("console.refundPolicy.intro")}</p>
      {invalid ? (
        <p
          role="alert"
          className="mb-3 rounded border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {t("console.refundPolicy.invalid")}
        </p>
      ) : answer?.saved ? (
        <p
          role="status"
          className="mb-3 rounded border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          {t("console.refundPolicy.saved")}
        </p>
      ) : null}
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="max-w-xl"
        key={policy.updatedAt ?? "default"}
      >
        <NumberField
          name="cancelWindowDays"
          label={t("console.refundPolicy.cancelWindowDays")}
          defaultValue={policy.cancelWindowDays}
          error={error("cancelWindowDays")}
          {...common}
        />
        <NumberField
          name="requestWindowDays"
          label={t("console.refundPolicy.requestWindowDays")}
          defaultValue={policy.requestWindowDays}
          error={error("requestWindowDays")}
          {...common}
        />
        <CheckField
          name="installedRefundable"
          label={t("console.refundPolicy.installedRefundable")}
          defaultChecked={policy.installedRefundable}
          error={error("installedRefundable")}
          {...common}
        />
        <NumberField
          name="maxUsedPercent"
          label={t("console.refundPolicy.maxUsedPercent")}
          defaultValue={policy.maxUsedPercent}
          error={error("maxUsedPercent")}
          {...common}
        />
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t("console.refundPolicy.destinations")}
          </legend>
          <CheckField
            name="allowCard"
            label={t("console.refundPolicy.allowCard")}
            defaultChecked={policy.allowCard}
            error={error("allowCard")}
            {...common}
          />
          <CheckField
            name="allowCredit"
            label={t("console.refundPolicy.allowCredit")}
            defaultChecked={policy.allowCredit}
            error={error("allowCredit")}
            {...common}
          />
        </fieldset>
        <NumberField
          name="cardRefundDays"
          label={t("console.refundPolicy.cardRefundDays")}
          defaultValue={policy.cardRefundDays}
          error={error("cardRefundDays")}
          {...common}
        />
        {canEdit && (
          <button type="submit" className={buttonClass}>
            {t("console.refundPolicy.save")}
          </button>
        )}
        {policy.updatedAt && (
          <p className="mt-3 text-xs text-slate-700">
            {t("console.refundPolicy.updated", { at: formatWhen(policy.updatedAt, t.language) })}
          </p>
        )}
      </Form>
    </>
  );
}
