import { Form } from "react-router";
import { instantToZoned, STORE_TIME_ZONE } from "../../../core/store-time.ts";
import type * as api from "../../../server/modules/content/console-contract.ts";
import { useConsoleT } from "../admin/i18n.tsx";
import { buttonClass, Field, secondaryButtonClass } from "../admin/ui.tsx";
import type { PageScope } from "./Editor.tsx";

/*
 * Scheduled publishing (issue 31 item 7, ADR 0381) for every language of the page (ADR 0396): the form offers the
 * page's languages that have a draft, all checked, and schedules each chosen language's draft at the same times as
 * one campaign; the list shows each campaign with its state per language, cancelled in one language or in all.
 */

/** A schedule as the page's schedules endpoint answers. */
export type ScheduleRow = api.ScheduleRow;

/** An instant as the store's wall clock for operators: "2026-12-24 09:00 GMT+8". */
function storeTime(iso: string, zone: string) {
  return `${instantToZoned(iso, STORE_TIME_ZONE).replace("T", " ")} ${zone}`;
}

/** Schedules grouped by campaign, in the order of their first row (soonest first). */
function campaigns(schedules: ScheduleRow[]) {
  const groups = new Map<string, ScheduleRow[]>();
  for (const row of schedules) groups.set(row.campaignId, [...(groups.get(row.campaignId) ?? []), row]);
  return [...groups.values()];
}

export function SchedulePanel({
  page,
  scope,
  schedules,
  canPublish,
  zone,
}: {
  page: { lang: string; revision: number };
  scope: PageScope;
  schedules: ScheduleRow[];
  canPublish: boolean;
  zone: string;
}) {
  const t = useConsoleT();
  const others = scope.languages.filter((l) => !l.current);
  return (
    <section aria-labelledby="schedule-heading" className="mt-8">
      <h2 id="schedule-heading" className="mb-2 text-lg font-semibold">
        {t("console.schedule.heading")}
      </h2>
      <p className="mb-1 text-sm text-slate-700">{t("console.schedule.intro")}</p>
      <p className="mb-3 text-sm text-slate-700">{t("console.schedule.zone", { zone })}</p>
      {canPublish && (
        <Form method="post" className="mb-4 flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="schedule" />
          <input type="hidden" name="revision" value={page.revision} />
          <Field
            label={t("console.schedule.start", { zone })}
            name="startsAt"
            type="datetime-local"
            required
          />
          <Field label={t("console.schedule.end", { zone })} name="endsAt" type="datetime-local" />
          {others.length > 0 && (
            <fieldset className="mb-3 text-sm">
              <legend className="font-medium">{t("console.schedule.languages")}</legend>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked disabled />
                <span>{page.lang}</span>
              </label>
              {others.map((l) => (
                <label key={l.lang} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="language"
                    value={`${l.lang}:${l.revision ?? ""}`}
                    defaultChecked={l.hasDraft}
                    disabled={!l.hasDraft || l.revision === null}
                  />
                  <span>{l.hasDraft ? l.lang : t("console.schedule.noDraft", { lang: l.lang })}</span>
                </label>
              ))}
            </fieldset>
          )}
          {scope.differences.length > 0 && (
            <label className="mb-3 flex items-center gap-2 text-sm">
              <input type="checkbox" name="acknowledged" value="1" />
              <span>{t("console.scope.acknowledge")}</span>
            </label>
          )}
          <button type="submit" className={`${buttonClass} mb-3`}>
            {t("console.schedule.submit")}
          </button>
        </Form>
      )}
      <h3 className="mb-1 text-base font-semibold">{t("console.schedule.list")}</h3>
      {schedules.length === 0 && <p className="text-sm">{t("console.schedule.none")}</p>}
      <ul className="space-y-3" data-testid="page-schedules">
        {campaigns(schedules).map((rows) => {
          const open = rows.filter((row) => row.state !== "ended");
          return (
            <li key={rows[0]!.campaignId} data-testid="schedule-campaign" className="text-sm">
              <p className="font-medium">
                {t("console.schedule.campaign", { when: storeTime(rows[0]!.startsAt, zone) })}
              </p>
              <ul className="ml-4 space-y-1">
                {rows.map((row) => (
                  <li
                    key={row.id}
                    data-testid="schedule-language"
                    className="flex flex-wrap items-center gap-3"
                  >
                    <span className="font-medium">{t("console.schedule.in", { lang: row.lang })}</span>
                    <span>{t(`console.schedule.state.${row.state}`)}</span>
                    <span>{row.title}</span>
                    <span>{t("console.schedule.revision", { revision: row.revision })}</span>
                    <span>
                      {t("console.schedule.from", { when: storeTime(row.startsAt, zone) })}{" "}
                      {row.endsAt
                        ? t("console.schedule.until", { when: storeTime(row.endsAt, zone) })
                        : t("console.schedule.noEnd")}
                    </span>
                    {canPublish && row.state !== "ended" && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="cancelSchedule" />
                        <input type="hidden" name="scheduleId" value={row.id} />
                        <button type="submit" className={secondaryButtonClass}>
                          {rows.length > 1
                            ? t("console.schedule.cancelIn", { lang: row.lang })
                            : t("console.schedule.cancel")}
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
              {canPublish && open.length > 1 && (
                <Form method="post" className="ml-4 mt-1">
                  <input type="hidden" name="intent" value="cancelSchedule" />
                  <input type="hidden" name="scheduleId" value={open[0]!.id} />
                  <input type="hidden" name="campaign" value="1" />
                  <button type="submit" className={secondaryButtonClass}>
                    {t("console.schedule.cancelCampaign")}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
