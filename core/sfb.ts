// Invite rewards, "sfb" (issue 11, ADR 0242): shared by the pages and the API.

/** The cookie a friend's landing page sets so the invite code survives registration and social sign-in. */
export const INVITE_COOKIE = "roamly_invite";
/** How long the invite cookie lasts: 30 days, as Nomad and Airalo keep a referral. */
export const INVITE_COOKIE_MAX_AGE_S = 30 * 86_400;

/** The states of an invitation, as the inviter's friends list shows them. */
export const INVITE_STATES = ["SIGNED_UP", "FIRST_ORDER_PAID", "REWARDED", "VOID"] as const;
