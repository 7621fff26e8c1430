import type { Database } from "../../db/client.ts";
import type { CouponService } from "../modules/coupon/service.ts";
import type { InviteContact, SfbService } from "../modules/sfb/service.ts";

/**
 * A new account was made (registration, social sign-up or bind):
 * - `welcome`, in the transaction that makes the account: the welcome coupons the home page advertises go into its
 *   wallet (issue 12, ADR 0252), so no account exists without them and none gets them twice;
 * - `signedUp`, once that transaction committed: the invite code the shopper arrived with is attached (ADR 0242).
 */
export function createAccountSignedUpFlow(deps: {
  coupon: Pick<CouponService, "grantWelcome">;
  sfb: Pick<SfbService, "attach">;
}) {
  return {
    welcome: (customerId: string, tx: Database) => deps.coupon.grantWelcome(customerId, tx),
    signedUp: async (customer: InviteContact, inviteCode: string): Promise<void> => {
      await deps.sfb.attach(customer, inviteCode);
    },
  };
}
