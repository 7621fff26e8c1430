import { z } from "zod";
import { defineJob, type JobRunner, scheduleNext } from "../jobs/runner.ts";
import type { AccountService } from "../modules/account/service.ts";
import type { AdminService } from "../modules/admin/service.ts";
import type { UploadService } from "../modules/uploads/service.ts";

export const ACCOUNT_PURGE_JOB = defineJob("account.purge-expired", z.object({}));

/**
 * Expired verification codes and sessions, operators' expired sessions and uploads nobody claimed go once an hour,
 * whichever instance runs the slot's job: one job across the account, admin and uploads modules.
 */
export function createPurgeExpiredFlow(deps: {
  jobs: JobRunner;
  account: Pick<AccountService, "purgeExpired">;
  admin: Pick<AdminService, "purgeExpiredSessions">;
  uploads: Pick<UploadService, "purgeStale">;
}) {
  const { jobs } = deps;
  async function schedule(now: Date) {
    await scheduleNext(jobs, ACCOUNT_PURGE_JOB, {}, { everyMs: 3_600_000, key: "account-purge", now });
  }
  jobs.register(ACCOUNT_PURGE_JOB, async (_payload, context) => {
    try {
      await deps.account.purgeExpired();
      await deps.admin.purgeExpiredSessions();
      await deps.uploads.purgeStale();
    } finally {
      await schedule(context.now);
    }
  });
  return { schedule };
}
