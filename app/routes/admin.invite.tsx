import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData } from "react-router";
import * as couponApi from "../../server/modules/coupon/console-contract.ts";
import * as api from "../../server/modules/sfb/console-contract.ts";
import {
  answerResult,
  callConsole,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { useConsoleT } from "../features/admin/i18n.tsx";
import { ActionNote, buttonClass, Field, PageTitle, SelectField } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.invite";

// Invite rewards (issue 11, ADR 0235): whether the programme runs, the friend's coupon, the inviter's credit,
// the monthly cap and the hold. The page reads and saves through the invite contracts, and the form parses with
// the endpoint's body schema, which takes the reward as typed in HK$ (issue 33 item 1, ADR 0407).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "marketing.read");
  const [rules, coupons] = await Promise.all([
    readConsole(args, api.getInviteSettings, {}),
    readConsole(args, couponApi.listCoupons, { query: { marketingType: "COUPON", size: 200 } }),
  ]);
  return {
    rules,
    coupons: coupons.rows.map((c) => c.code),
    canWrite: operator.permissions.includes("marketing.write"),
  };
}

export async function action(args: Route.ActionArgs) {
  const submission = parseWithZod(await args.request.formData(), { schema: api.InviteSettingsBody });
  if (submission.status !== "success") return formProblem(args, "save", submission);
  return answerResult("save", await callConsole(args, api.saveInviteSettings, { body: submission.value }));
}

export default function ConsoleInvite({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { rules, coupons, canWrite } = loaderData;
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  const options = [
    { value: "", label: t("console.invite.noCoupon") },
    ...[...new Set([...coupons, ...(rules.friendCouponCode ? [rules.friendCouponCode] : [])])].map(
      (code) => ({ value: code, label: code }),
    ),
  ];
  return (
    <>
      <title>{`${t("console.invite.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.invite.title")}</PageTitle>
      <p className="mb-4 max-w-2xl text-sm text-slate-800">{t("console.invite.intro")}</p>
      <Form method="post" className="max-w-md" key={JSON.stringify(rules)}>
        <ActionNote result={result} intent="save" success={t("console.saved")} />
        <fieldset disabled={!canWrite}>
          <legend className="sr-only">{t("console.invite.title")}</legend>
          <div className="mb-3 flex items-center gap-2">
            <input
              id="invite-enabled"
              type="checkbox"
              name="enabled"
              defaultChecked={rules.enabled}
              className="h-4 w-4"
            />
            <label htmlFor="invite-enabled" className="text-sm font-medium text-slate-800">
              {t("console.invite.enabled")}
            </label>
          </div>
          <SelectField
            label={t("console.invite.friendCoupon")}
            name="friendCouponCode"
            defaultValue={rules.friendCouponCode ?? ""}
            options={options}
          />
          {fields.friendCouponCode ? (
            <p className="-mt-2 mb-3 text-sm text-red-800">{t("console.invite.couponInvalid")}</p>
          ) : null}
          <Field
            label={t("console.invite.reward")}
            name="inviterReward"
            inputMode="decimal"
            required
            defaultValue={(rules.inviterRewardMinor / 100).toFixed(2)}
            error={
              fields.inviterRewardMinor || fields.inviterReward ? t("console.invite.rewardRange") : undefined
            }
          />
          <Field
            label={t("console.invite.monthlyCap")}
            name="monthlyCap"
            inputMode="numeric"
            required
            defaultValue={String(rules.monthlyCap)}
            error={fields.monthlyCap ? t("console.invite.capRange") : undefined}
          />
          <Field
            label={t("console.invite.holdDays")}
            name="holdDays"
            inputMode="numeric"
            required
            defaultValue={String(rules.holdDays)}
            error={fields.holdDays ? t("console.invite.holdRange") : undefined}
          />
          {canWrite ? (
            <button type="submit" className={buttonClass}>
              {t("console.save")}
            </button>
          ) : null}
        </fieldset>
      </Form>
    </>
  );
}
