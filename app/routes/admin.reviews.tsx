import { Form, useActionData, useLocation } from "react-router";
import {
  actionResult,
  callConsole,
  consoleParam,
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
  inputClass,
  Pager,
  PageTitle,
  SelectField,
  secondaryButtonClass,
  Table,
} from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.reviews";

interface ReviewRow {
  id: number;
  rating: number;
  body: string;
  locale: string;
  createdAt: string;
  platformProductCode: string;
  orderCode: string;
  status: "VISIBLE" | "HIDDEN";
  hiddenReason: string | null;
  hiddenAt: string | null;
}

const PAGE_SIZE = 50;

// Review moderation (issue 16 Content, issue 12; ADR 0235): newest first, by plan and status; hide with a reason.
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "content.read");
  const query = new URLSearchParams({ size: String(PAGE_SIZE) });
  for (const name of ["plan", "status", "page"]) {
    const value = consoleParam(args.request, name);
    if (value) query.set(name, value);
  }
  const list = await readConsole<{ total: number; rows: ReviewRow[] }>(
    args,
    `/o2adm/v1/content/reviews?${query}`,
  );
  return {
    list,
    page: Number(query.get("page") ?? 1),
    plan: query.get("plan") ?? "",
    status: query.get("status") ?? "",
    canWrite: operator.permissions.includes("content.write"),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const id = field(form, "id");
  return actionResult(
    `hide-${id}`,
    await callConsole(args, {
      method: "POST",
      path: `/o2adm/v1/content/reviews/${encodeURIComponent(id)}/hide`,
      body: { reason: field(form, "reason") },
    }),
  );
}

export default function ConsoleReviews({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const location = useLocation();
  const result = useActionData<typeof action>();
  const { list, page, plan, status, canWrite } = loaderData;
  return (
    <>
      <title>{`${t("console.reviews.title")} · ${t("console.title")}`}</title>
      <PageTitle>{t("console.reviews.title")}</PageTitle>
      <Form method="get" className="mb-4 grid max-w-2xl grid-cols-1 gap-x-4 md:grid-cols-3">
        <Field label={t("console.reviews.plan")} name="plan" defaultValue={plan} />
        <SelectField
          label={t("console.reviews.status")}
          name="status"
          defaultValue={status}
          options={[
            { value: "", label: t("console.reviews.anyStatus") },
            { value: "VISIBLE", label: t("console.reviews.VISIBLE") },
            { value: "HIDDEN", label: t("console.reviews.HIDDEN") },
          ]}
        />
        <div className="flex items-end pb-3">
          <button type="submit" className={buttonClass}>
            {t("console.filter")}
          </button>
        </div>
      </Form>
      {result ? <ActionNote result={result} success={t("console.reviews.hidden")} /> : null}
      {list.rows.length === 0 ? (
        <p>{t("console.noRecords")}</p>
      ) : (
        <Table
          caption={t("console.reviews.title")}
          head={[
            t("console.reviews.when"),
            t("console.reviews.plan"),
            t("console.reviews.rating"),
            t("console.reviews.review"),
            t("console.reviews.status"),
            t("console.reviews.action"),
          ]}
        >
          {list.rows.map((review) => (
            <tr key={review.id} data-testid={`review-${review.id}`}>
              <Cell>{formatWhen(review.createdAt, t.language)}</Cell>
              <Cell>
                {review.platformProductCode}
                <br />
                <span className="text-xs text-slate-700">{review.orderCode}</span>
              </Cell>
              <Cell>{t("console.reviews.stars", { rating: review.rating })}</Cell>
              <Cell className="max-w-md whitespace-pre-wrap break-words">
                <span lang={review.locale.replace("_", "-")}>{review.body}</span>
              </Cell>
              <Cell>
                {review.status === "HIDDEN" ? (
                  <>
                    {t("console.reviews.HIDDEN")}
                    {review.hiddenReason ? (
                      <>
                        <br />
                        <span className="text-xs text-slate-700">{review.hiddenReason}</span>
                      </>
                    ) : null}
                  </>
                ) : (
                  t("console.reviews.VISIBLE")
                )}
              </Cell>
              <Cell>
                {canWrite && review.status === "VISIBLE" ? (
                  <Form method="post" className="flex flex-col gap-1">
                    <input type="hidden" name="id" value={String(review.id)} />
                    <label htmlFor={`reason-${review.id}`} className="text-xs font-medium text-slate-800">
                      {t("console.reviews.reason")}
                    </label>
                    <input
                      id={`reason-${review.id}`}
                      name="reason"
                      required
                      maxLength={500}
                      className={inputClass}
                    />
                    <button type="submit" className={secondaryButtonClass}>
                      {t("console.reviews.hide", { id: review.id })}
                    </button>
                  </Form>
                ) : null}
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} size={PAGE_SIZE} total={list.total} search={location.search} />
    </>
  );
}
