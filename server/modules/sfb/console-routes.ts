import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { couponCode } from "../../../core/coupon-code.ts";
import type { Database } from "../../../db/client.ts";
import type { Merch } from "../../console-merch.ts";
import { ApiError } from "../../http/errors.ts";
import { auditedChange } from "../admin/audit.ts";
import { adminRoute } from "../admin/route.ts";
import type { SfbService } from "./service.ts";

// Invite-reward settings in the console (issue 11 "operators can set them, with safe defaults"; issue 16
// Marketing; ADR 0235). The bounds keep a typo from giving money away: at most HK$500 per friend, 100 rewards a
// month, and credit held 0 to 90 days (the friend's refund window needs a hold; 0 is allowed but not advised).

/** The largest inviter reward, HKD minor units (HK$500). */
export const INVITE_REWARD_MAX_MINOR = 50_000;

const InviteSettings = z.object({
  enabled: z.boolean(),
  /** A COUPON the friend receives on sign-up; null gives the friend nothing (the inviter is still rewarded). */
  friendCouponCode: couponCode().nullable(),
  inviterRewardMinor: z.number().int().min(0).max(INVITE_REWARD_MAX_MINOR),
  monthlyCap: z.number().int().min(0).max(100),
  holdDays: z.number().int().min(0).max(90),
});

export function consoleInviteRoutes(
  app: FastifyInstance,
  services: { merch: Pick<Merch, "coupons" | "db">; sfb: SfbService },
) {
  const { merch, sfb } = services;
  const { db } = merch;

  adminRoute(app, {
    method: "GET",
    url: "/marketing/invite-settings",
    permission: "marketing.read",
    schema: {},
    handler: async () => sfb.storedRules(db),
  });

  adminRoute(app, {
    method: "PUT",
    url: "/marketing/invite-settings",
    permission: "marketing.write",
    schema: { body: InviteSettings },
    handler: async ({ operator, body }) => {
      if (body.friendCouponCode) {
        const coupon = await merch.coupons.get(db, body.friendCouponCode);
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
          async () => ({ before: await sfb.storedRules(tx), after: await sfb.updateRules(body, tx) }),
        );
      });
      // After commit: every instance drops its cached rules (and its HTML cache), so /sfb shows the new reward.
      await sfb.rulesChanged();
      return after;
    },
  });
}
