import { z } from "zod";
import { isLocale, type Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import { formatPrice } from "../../../core/money.ts";
import type { Database } from "../../../db/client.ts";
import { defineJob, type JobRunner } from "../../jobs/runner.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";
import type { NotificationRecorder } from "../notification/recorder.ts";

/** One notice per period of inactivity: the job's dedupe key is the notice's event key (ADR 0240). */
export const CREDIT_EXPIRY_NOTICE_JOB = defineJob(
  "credit.expiry-notice",
  z.object({
    customerId: z.uuid(),
    balanceMinor: z.number().int().positive(),
    expiresAt: z.string(),
    eventKey: z.string().min(1).max(160),
  }),
);

export interface ExpiryNoticeDeps {
  db: Database;
  jobs: JobRunner;
  outbox: MessageSender;
  notifications: NotificationRecorder;
  /** The customer's e-mail and language (the account module's). */
  contactOf: (customerId: string) => Promise<{ email: string | null; defaultLanguage: string | null } | null>;
}

/** The 30-days-before notice: queued once per event key, then recorded in the centre and e-mailed together. */
export function createExpiryNotices(deps: ExpiryNoticeDeps) {
  deps.jobs.register(CREDIT_EXPIRY_NOTICE_JOB, async (notice) => {
    const contact = await deps.contactOf(notice.customerId);
    const locale: Locale = isLocale(contact?.defaultLanguage) ? contact.defaultLanguage : "en_US";
    const params = {
      amount: formatPrice(notice.balanceMinor, { currencySymbol: "HK$", minorDigits: 2 }),
      date: notice.expiresAt.slice(0, 10),
    };
    const emailWanted = await deps.notifications.emailWanted(notice.customerId, "CREDIT_EXPIRING");
    await deps.db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      await deps.notifications.record(
        {
          customerId: notice.customerId,
          kind: "CREDIT_EXPIRING",
          params,
          link: "/my/sfb",
          eventKey: notice.eventKey,
        },
        tx,
      );
      if (contact?.email && emailWanted)
        await deps.outbox.send(
          {
            channel: "EMAIL",
            to: contact.email,
            subject: translate(locale, "notify.CREDIT_EXPIRING.title"),
            body: translate(locale, "notify.CREDIT_EXPIRING.body", params),
          },
          tx,
        );
    });
  });
  return async (notice: { customerId: string; balanceMinor: number; expiresAt: Date; eventKey: string }) => {
    await deps.jobs.enqueue(
      CREDIT_EXPIRY_NOTICE_JOB,
      { ...notice, expiresAt: notice.expiresAt.toISOString() },
      { dedupeKey: notice.eventKey },
    );
  };
}
