import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData } from "react-router";
import * as api from "../../server/modules/reviews/console-contract.ts";
import {
  answerResult,
  callConsole,
  consoleParam,
  formProblem,
  readConsole,
  requireOperator,
} from "../features/admin/console.server.ts";
import { formatWhen, useConsoleT } from "../features/admin/i18n.tsx";
import { ListPage } from "../features/admin/ListPage.tsx";
import { ActionNote, inputClass, secondaryButtonClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin.reviews";

type ReviewRow = api.ReviewRow;

const PAGE_SIZE = 50;

// Review moderation (issue 16 Content, issue 12; ADR 0235): newest first, by plan and status; hide with a reason.
// The page reads and sends through the review contracts (issue 33 item 1, ADR 0407).
export async function loader(args: Route.LoaderArgs) {
  const operator = await requireOperator(args, "content.read");
  const asked = (name: string) => consoleParam(args.request, name) || undefined;
  // The filters as the endpoint takes them; a filter it would refuse is the page's 400 too.
  const query = api.ReviewQuery.safeParse({
    plan: asked("plan"),
    status: asked("status"),
    page: asked("page"),
    size: PAGE_SIZE,
  });
  if (!query.success) throw data({ code: "error.badRequest" }, { status: 400 });
  const list = await readConsole(args, api.listReviews, { query: query.data });
  return {
    list,
    page: query.data.page,
    plan: query.data.plan ?? "",
    status: query.data.status ?? "",
    canWrite: operator.permissions.includes("content.write"),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const chosen = parseWithZod(form, { schema: api.ReviewParam });
  if (chosen.status !== "success") throw data({ code: "error.badRequest" }, { status: 400 });
  const { id } = chosen.value;
  const intent = `hide-${id}`;
  const submission = parseWithZod(form, { schema: api.HideBody });
  if (submission.status !== "success") return formProblem(args, intent, submission);
  return answerResult(
    intent,
    await callConsole(args, api.hideReview, { params: { id }, body: submission.value }),
  );
}

export default function ConsoleReviews({ loaderData }: Route.ComponentProps) {
  const t = useConsoleT();
  const result = useActionData<typeof action>();
  const { list, page, plan, status, canWrite } = loaderData;
  return (
    <ListPage
      title={t("console.reviews.title")}
      search={{
        fields: [
          { label: t("console.reviews.plan"), name: "plan" },
          {
            label: t("console.reviews.status"),
            name: "status",
            options: [
              { value: "", label: t("console.reviews.anyStatus") },
              { value: "VISIBLE", label: t("console.reviews.VISIBLE") },
              { value: "HIDDEN", label: t("console.reviews.HIDDEN") },
            ],
          },
        ],
        values: { plan, status },
        submit: t("console.filter"),
      }}
      note={<ActionNote result={result} success={t("console.reviews.hidden")} />}
      columns={[
        {
          header: t("console.reviews.when"),
          cell: (review: ReviewRow) => formatWhen(review.createdAt, t.language),
        },
        {
          header: t("console.reviews.plan"),
          cell: (review) => (
            <>
              {review.platformProductCode}
              <br />
              <span className="text-xs text-slate-700">{review.orderCode}</span>
            </>
          ),
        },
        {
          header: t("console.reviews.rating"),
          cell: (review) => t("console.reviews.stars", { rating: review.rating }),
        },
        {
          header: t("console.reviews.review"),
          cell: (review) => <span lang={review.locale.replace("_", "-")}>{review.body}</span>,
          className: "max-w-md whitespace-pre-wrap break-words",
        },
        {
          header: t("console.reviews.status"),
          cell: (review) =>
            review.status === "HIDDEN" ? (
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
            ),
        },
        {
          header: t("console.reviews.action"),
          cell: (review) =>
            canWrite && review.status === "VISIBLE" ? (
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
            ) : null,
        },
      ]}
      rows={list.rows}
      rowKey={(review) => review.id}
      rowTestId={(review) => `review-${review.id}`}
      pager={{ page, size: PAGE_SIZE, total: list.total }}
    />
  );
}
