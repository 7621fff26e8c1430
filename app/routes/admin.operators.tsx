import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import { z } from "zod";
import { ROLES } from "../../core/console-permissions.ts";
import * as api from "../../server/modules/admin/console-contract.ts";
import {
  answerResult,
  callConsole,
  formProblem,
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
  PageTitle,
  roleKey,
  SelectField,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.operators";

export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "operators.manage");
  const { operators } = await readConsole(args, api.listOperators, {});
  return { operators, origin: new URL(args.request.url).origin };
}

/** What the page's forms ask for; an invitation names no operator yet, every other intent names one. */
const IntentForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite") }),
  api.OperatorParam.extend({ intent: z.enum(["reinvite", "role", "disable", "enable"]) }),
]);

// Owner only (ADR 0222): invite, a new link, change a role, disable or enable.
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: IntentForm });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const asked = chosen.value;
  if (asked.intent === "invite") {
    const submission = parseWithZod(form, { schema: api.InviteBody });
    if (submission.status !== "success") return formProblem(args, asked.intent, submission);
    return answerResult(
      asked.intent,
      await callConsole(args, api.inviteOperator, { body: submission.value }),
    );
  }
  const params = { id: asked.id };
  if (asked.intent === "reinvite")
    return answerResult(asked.intent, await callConsole(args, api.reinviteOperator, { params }));
  if (asked.intent === "role") {
    const submission = parseWithZod(form, { schema: api.OperatorPatch.pick({ role: true }).required() });
    if (submission.status !== "success") return formProblem(args, asked.intent, submission);
    return answerResult(
      asked.intent,
      await callConsole(args, api.updateOperator, { params, body: submission.value }),
    );
  }
  const status = asked.intent === "disable" ? "DISABLED" : "ACTIVE";
  return answerResult(
    asked.intent,
    await callConsole(args, api.updateOperator, { params, body: { status } }),
  );
}

export default function ConsoleOperators({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const invited = result?.ok && "invitation" in result.value ? result.value : null;
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(roleKey(role)) }));
  return (
    <>
      <title>{`${t("console.operators.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.operators.title")}</PageTitle>
      <ActionNote result={result} success={invited ? undefined : t("console.operators.saved")} />
      {invited && (
        <div role="status" className="mb-4 rounded border border-green-700 bg-green-50 p-3 text-sm">
          <p>
            {t("console.operators.invited", {
              email: invited.operator.email,
              expires: formatWhen(invited.invitation.expiresAt, t.language),
            })}
          </p>
          <p className="mt-2 break-all font-mono" data-testid="enrolment-link">
            {`${loaderData.origin}/admin/enrol?token=${invited.invitation.token}`}
          </p>
        </div>
      )}
      <Table
        caption={t("console.operators.title")}
        head={[
          t("console.operators.name"),
          t("console.operators.email"),
          t("console.operators.role"),
          t("console.operators.status"),
          t("console.operators.actions"),
        ]}
      >
        {loaderData.operators.map((operator) => (
          <tr key={operator.id}>
            <Cell>{operator.displayName}</Cell>
            <Cell>{operator.email}</Cell>
            <Cell>
              <Form method="post" className="flex items-end gap-2">
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="id" value={operator.id} />
                <SelectField
                  label={`${t("console.operators.role")}: ${operator.email}`}
                  name="role"
                  options={roleOptions}
                  defaultValue={operator.role}
                />
                <button type="submit" className={`${secondaryButtonClass} mb-3`}>
                  {t("console.operators.changeRole")}
                </button>
              </Form>
            </Cell>
            <Cell>{t(`console.status.${operator.status}`)}</Cell>
            <Cell>
              {operator.status === "INVITED" && (
                <IntentButton
                  intent="reinvite"
                  label={t("console.operators.reinvite")}
                  fields={{ id: operator.id }}
                  secondary
                />
              )}
              {operator.status === "ACTIVE" && (
                <IntentButton
                  intent="disable"
                  label={t("console.operators.disable")}
                  fields={{ id: operator.id }}
                  secondary
                />
              )}
              {operator.status === "DISABLED" && (
                <IntentButton
                  intent="enable"
                  label={t("console.operators.enable")}
                  fields={{ id: operator.id }}
                  secondary
                />
              )}
            </Cell>
          </tr>
        ))}
      </Table>
      <section aria-labelledby="invite-heading" className="mt-8 max-w-md">
        <h2 id="invite-heading" className="mb-3 text-lg font-semibold">
          {t("console.operators.invite")}
        </h2>
        <Form method="post">
          <input type="hidden" name="intent" value="invite" />
          <Field label={t("console.operators.email")} name="email" type="email" required />
          <Field label={t("console.operators.name")} name="displayName" required maxLength={64} />
          <SelectField
            label={t("console.operators.role")}
            name="role"
            options={roleOptions}
            defaultValue="support"
          />
          <button type="submit" className={buttonClass}>
            {t("console.operators.inviteSubmit")}
          </button>
        </Form>
      </section>
    </>
  );
}
