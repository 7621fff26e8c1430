import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import { auditedChange } from "../admin/audit.ts";
import type { ConsoleCoupons } from "../coupon/console.ts";
import type { InviteSettingsInput } from "./console-contract.ts";
import type { SfbService } from "./service.ts";

// The invite-reward settings' use case (issue 33 item 1, ADR 0407): saving owns its check, its transaction, its
// audit entry and the cached rules it drops, so the console route only validates, calls and shapes (ADR 0235).

export function createInviteConsole(deps: {
  db: Database;
  sfb: Pick<SfbService, "storedRules" | "updateRules" | "rulesChanged">;
  coupons: Pick<ConsoleCoupons, "get">;
}) {
  const { db, sfb, coupons } = deps;
  return {
    rules: () => sfb.storedRules(db),

    async save(operator: { id: string }, rules: InviteSettingsInput) {
      if (rules.friendCouponCode) {
        const coupon = await coupons.get(db, rules.friendCouponCode);
        // Only a wallet coupon can be given to the friend (a promo code is typed at checkout, not received).
        if (coupon?.marketingType !== "COUPON")
          throw new ApiError(400, "error.badRequest", {
            fields: { friendCouponCode: "consoleMerch.couponNotFound" },
          });
      }
      const after = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        return auditedChange(
          tx,
          operator,
          { action: "sfb.rules.update", entity: "invite_settings", entityId: "rules" },
          async () => ({ before: await sfb.storedRules(tx), after: await sfb.updateRules(rules, tx) }),
        );
      });
      // After commit: every instance drops its cached rules (and its HTML cache), so /sfb shows the new reward.
      await sfb.rulesChanged();
      return after;
    },
  };
}

export type InviteConsole = ReturnType<typeof createInviteConsole>;
