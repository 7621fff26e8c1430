import { z } from "zod";
import { couponCode } from "../../../core/coupon-code.ts";
import { consoleContract } from "../admin/contract.ts";

// Invite-reward settings as contracts (issue 33 item 1, ADR 0407; issue 11, issue 16 Marketing, ADR 0235). The
// bounds keep a typo from giving money away: at most HK$500 per friend, 100 rewards a month, and credit held 0 to 90
// days. The page's form parses with the same body schema, which also takes the form's text shapes: a ticked box,
// "" for no coupon, whole numbers as typed, and the inviter's reward in HK$ ("45.50") beside the API's minor units.

/** The largest inviter reward, HKD minor units (HK$500). */
export const INVITE_REWARD_MAX_MINOR = 50_000;

const InviteRules = z.object({
  enabled: z.boolean(),
  friendCouponCode: z.string().nullable(),
  inviterRewardMinor: z.number(),
  monthlyCap: z.number(),
  holdDays: z.number(),
});
export type InviteRules = z.infer<typeof InviteRules>;

/** A whole number as JSON, or as a form's text of digits (anything else stays text and fails). */
const typedWhole = (value: unknown) =>
  typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value;

export const InviteSettingsBody = z
  .object({
    enabled: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    /** A COUPON the friend receives on sign-up; null (or "" from the form) gives the friend nothing. */
    friendCouponCode: z.preprocess((v) => (v === "" ? null : v), couponCode().nullable()),
    /** The form's field: the reward in HK$, at most two decimals. */
    inviterReward: z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, "validation.invalid")
      .optional(),
    inviterRewardMinor: z.number().int().min(0).max(INVITE_REWARD_MAX_MINOR).optional(),
    monthlyCap: z.preprocess(typedWhole, z.number().int().min(0).max(100)),
    holdDays: z.preprocess(typedWhole, z.number().int().min(0).max(90)),
  })
  .transform(({ inviterReward, inviterRewardMinor, ...rest }, ctx) => {
    const minor = inviterReward !== undefined ? Math.round(Number(inviterReward) * 100) : inviterRewardMinor;
    if (minor === undefined || minor > INVITE_REWARD_MAX_MINOR) {
      ctx.addIssue({
        code: "custom",
        path: [inviterReward !== undefined ? "inviterReward" : "inviterRewardMinor"],
        message: minor === undefined ? "validation.required" : "validation.tooLarge",
      });
      return z.NEVER;
    }
    return { ...rest, inviterRewardMinor: minor };
  });
export type InviteSettingsInput = z.output<typeof InviteSettingsBody>;

export const getInviteSettings = consoleContract({
  method: "GET",
  path: "/marketing/invite-settings",
  permission: "marketing.read",
  response: InviteRules,
});

export const saveInviteSettings = consoleContract({
  method: "PUT",
  path: "/marketing/invite-settings",
  permission: "marketing.write",
  body: InviteSettingsBody,
  response: InviteRules,
});
