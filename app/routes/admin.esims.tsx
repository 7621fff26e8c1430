import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData } from "react-router";
import * as api from "../../server/modules/admin/support-contract.ts";
import {
  answerResult,
  callConsole,
  consoleParam,
  formProblem,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import {
  ActionNote,
  buttonClass,
  Cell,
  Field,
  linkClass,
  PageTitle,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.esims";

// eSIMs (issue 16): look up by ICCID; the supplier's status and usage refreshed on demand.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "esims.read");
  const iccid = consoleParam(args.request, "iccid");
  let esim: api.EsimDetail | null = null;
  let notFound = false;
  if (iccid) {
    // Not found, or not an ICCID at all: the page says it found nothing.
    const answer = await callConsole(args, api.esimByIccid, { params: { iccid } });
    if (answer.ok) esim = answer.value;
    else notFound = true;
  }
  return { iccid, esim, notFound, canRefresh: operator.permissions.includes("esims.refresh") };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: api.IccidParam });
  if (chosen.status !== "success") return formProblem(args, "refresh", chosen);
  return answerResult("refresh", await callConsole(args, api.refreshEsim, { params: chosen.value }));
}

export default function ConsoleEsims({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { iccid, notFound } = loaderData;
  const esim = (result?.ok ? result.value : null) ?? loaderData.esim;
  return (
    <>
      <title>{`${t("console.esims.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.esims.title")}</PageTitle>
      <Form method="get" role="search" className="mb-4 flex max-w-xl items-end gap-3">
        <div className="flex-1">
          <Field
            label={t("console.esims.lookup")}
            name="iccid"
            inputMode="numeric"
            defaultValue={iccid}
            required
          />
        </div>
        <button type="submit" className={`${buttonClass} mb-3`}>
          {t("console.search")}
        </button>
      </Form>
      <ActionNote result={result ?? undefined} success={t("console.esims.refreshed")} />
      {notFound && <p role="status">{t("console.esims.notFound")}</p>}
      {esim && (
        <section aria-labelledby="esim-detail">
          <h2 id="esim-detail" className="mb-2 font-mono text-lg font-semibold">
            {esim.iccid}
          </h2>
          <dl className="mb-4 grid max-w-xl grid-cols-2 gap-x-6 gap-y-1 text-sm">
            <dt className="font-medium">{t("console.esims.state")}</dt>
            <dd data-testid="esim-state">{esim.state}</dd>
            <dt className="font-medium">{t("console.esims.order")}</dt>
            <dd>
              {esim.orderCode ? (
                <a className={linkClass} href={`/admin/orders/${encodeURIComponent(esim.orderCode)}`}>
                  {esim.orderCode}
                </a>
              ) : (
                "—"
              )}
            </dd>
            <dt className="font-medium">{t("console.esims.updated")}</dt>
            <dd>{esim.usageUpdatedAt ? formatWhen(esim.usageUpdatedAt, t.language) : "—"}</dd>
          </dl>
          <Table
            caption={t("console.esims.packages")}
            head={[t("console.orders.plan"), t("console.esims.state"), t("console.esims.usage")]}
          >
            {(esim.packages ?? []).map((pkg) => (
              <tr key={pkg.id}>
                <Cell>{pkg.planName ?? pkg.id}</Cell>
                <Cell>{pkg.state}</Cell>
                <Cell>{`${pkg.dataUsedMb ?? 0} / ${pkg.dataTotalMb ?? "∞"} MB`}</Cell>
              </tr>
            ))}
          </Table>
          {loaderData.canRefresh && (
            <Form method="post" className="mt-4">
              <input type="hidden" name="iccid" value={esim.iccid} />
              <button type="submit" className={secondaryButtonClass}>
                {t("console.esims.refresh")}
              </button>
            </Form>
          )}
        </section>
      )}
    </>
  );
}
