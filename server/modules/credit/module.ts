import type { Database } from "../../../db/client.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import { defineModule, type Later } from "../../module.ts";
import { CREDIT_EXPIRY_NOTICE_JOB, createExpiryNotices, type ExpiryNoticeDeps } from "./expiry-notice.ts";
import { createCreditRepo } from "./repo.ts";
import { CREDIT_EXPIRY_JOB, createCreditService } from "./service.ts";

export interface CreditModuleDeps {
  db: Database;
  jobs: JobRunner;
  outbox: ExpiryNoticeDeps["outbox"];
  notifications: ExpiryNoticeDeps["notifications"];
  /** The account module (built later: it needs store credit): the customer's e-mail and language, for the notice. */
  accounts: Later<{ contactOf: ExpiryNoticeDeps["contactOf"] }>;
}

/** Store credit (issue 11, ADR 0240): the append-only ledger; a daily job expires inactive balances. */
export function createCreditModule(deps: CreditModuleDeps) {
  const { db, jobs } = deps;
  const credit = createCreditService({
    db,
    repo: createCreditRepo(db),
    onExpiryNotice: createExpiryNotices({
      db,
      jobs,
      outbox: deps.outbox,
      notifications: deps.notifications,
      contactOf: (customerId) => deps.accounts().contactOf(customerId),
    }),
  });
  credit.registerJobs(jobs);
  return credit;
}

/** No shopper routes of its own: the balance shows through checkout and the console's support desk. */
export const creditModule = defineModule<Record<string, never>>({
  name: "credit",
  jobKinds: [CREDIT_EXPIRY_JOB.kind, CREDIT_EXPIRY_NOTICE_JOB.kind],
});
