import type { ProductMedia, RecommendedProduct } from "../recommend/service.ts";

/** spec 3 Note, with noteContent already sanitized. */
export interface NoteView {
  noteInfoCode: string;
  noteTitle: string;
  mediaUrl: string;
  noteContent: string;
  topicNameList: string[];
}

/** spec 3 Live room; roomStatusCode LIVING, NOT_START, otherwise a replay. */
export interface LiveRoomView {
  roomCode: string;
  roomName: string;
  feedsImgUrl: string;
  startTime: string;
  endTime: string;
  roomStatusCode: string;
  onlineShopCode: string;
}

/** spec 3 Coupon as the receive-coupon block shows it. */
export interface CouponView {
  code: string;
  marketingType: "COUPON" | "PROMO_CODE";
  couponTypeCode: "DISCOUNT" | "REDUCTION";
  name: string;
  description: string;
  /** The fraction paid as an exact decimal string ("0.900" shows as 9折, spec 5); null for reductions. */
  resultDiscount: string | null;
  /** Minor units of reductionCurrency; null for discounts. */
  resultReduction: number | null;
  reductionCurrency: string | null;
  startTime: string;
  endTime: string;
}

/** Data a block needs besides its document entry, resolved by the page loader (ADR 0072). */
export type BlockData =
  | { kind: "products"; products: (ProductMedia | RecommendedProduct)[]; count: number }
  | { kind: "notes"; notes: NoteView[] }
  | { kind: "live"; rooms: LiveRoomView[] }
  | { kind: "coupons"; coupons: CouponView[] };

export type BlockDataMap = Record<string, BlockData>;
