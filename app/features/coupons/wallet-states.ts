/** The states of my coupons (spec 2 /my/coupon): available, used, expired. */
export const WALLET_STATES = ["available", "used", "expired"] as const;
export type WalletTab = (typeof WALLET_STATES)[number];
