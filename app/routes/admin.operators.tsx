import { Form, useActionData } from "react-router";
import { ROLES } from "../../server/modules/admin/permissions.ts";
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
  PageTitle,
  roleKey,
  SelectField,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.operators";

interface OperatorRow {
  id: string;
  email: string;
  displayName: string;
  role: string;
  status: "INVITED" | "ACTIVE" | "DISABLED";
}

interface Invitation {
  operator: OperatorRow;
  invitation: { token: string; expiresAt: string };
}

export async function loader(args: Route.LoaderArgs) {
  await requireOperator(args, "operators.manage");
  const { operators } = await readConsole<{ operators: OperatorRow[] }>(args, "/o2adm/v1/operators");
  return { operators, origin: new URL(args.request.url).origin };
}

// Owner only (ADR 0222): invite, a new link, change a role, disable or enable.
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = field(form, "intent");
  const id = field(form, "id");
  if (intent === "invite") {
    const body = {
      email: field(form, "email"),
      displayName: field(form, "displayName"),
      role: field(form, "role"),
    };
    return actionResult<Invitation>(
      intent,
      await callConsole(args, { method: "POST", path: "/o2adm/v1/operators", body }),
    );
  }
  if (intent === "reinvite") {
    const path = `/o2adm/v1/operators/${encodeURIComponent(id)}/invitation`;
    return actionResult<Invitation>(intent, await callConsole(args, { method: "POST", path }));
  }
  const body =
    intent === "role"
      ? { role: field(form, "role") }
      : { status: intent === "disable" ? "DISABLED" : "ACTIVE" };
  const path = `/o2adm/v1/operators/${encodeURIComponent(id)}`;
  return actionResult(intent, await callConsole(args, { method: "PATCH", path, body }));
}

export default function ConsoleOperators({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const invited =
    result?.ok && (result.intent === "invite" || result.intent === "reinvite")
      ? (result.value as Invitation)
      : null;
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
