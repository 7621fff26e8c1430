import type { Locale } from "../../../core/constants.ts";
import { formatDay } from "../../../core/day.ts";
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

/**
 * What the page sends of a plan, a live room and a coupon (ADR 0286): only the fields the blocks read (ProductCard,
 * the tabs' paging score, the live list, the coupon list), since the block data is serialized into the page.
 */
export type BlockProduct = Pick<
  ProductMedia,
  "platformProductCode" | "title" | "unitPrice" | "imageUrl" | "labelRelProductMap" | "entityName"
> & {
  /** The struck-through price; absent (or null, from the recommend API) when the plan has none (ADR 0293). */
  displayPrice?: ProductMedia["displayPrice"];
  score?: number;
};
export type BlockLiveRoom = Pick<LiveRoomView, "roomCode" | "roomName" | "feedsImgUrl" | "roomStatusCode">;
export type BlockCoupon = Pick<
  CouponView,
  | "code"
  | "marketingType"
  | "couponTypeCode"
  | "name"
  | "description"
  | "resultDiscount"
  | "resultReduction"
  | "reductionCurrency"
> & {
  /** The last valid day as the page shows it, in its locale (ADR 0296: written here, no `Intl` in the browser). */
  validUntil: string;
};

export function toBlockProduct(product: ProductMedia | RecommendedProduct): BlockProduct {
  const slim: BlockProduct = {
    platformProductCode: product.platformProductCode,
    title: product.title,
    unitPrice: product.unitPrice,
    imageUrl: product.imageUrl,
    labelRelProductMap: product.labelRelProductMap,
    entityName: product.entityName,
  };
  if (product.displayPrice !== null) slim.displayPrice = product.displayPrice;
  if ("score" in product) slim.score = product.score;
  return slim;
}

export function toBlockLiveRoom(room: LiveRoomView): BlockLiveRoom {
  return {
    roomCode: room.roomCode,
    roomName: room.roomName,
    feedsImgUrl: room.feedsImgUrl,
    roomStatusCode: room.roomStatusCode,
  };
}

export function toBlockCoupon(coupon: CouponView, locale: Locale): BlockCoupon {
  return {
    code: coupon.code,
    marketingType: coupon.marketingType,
    couponTypeCode: coupon.couponTypeCode,
    name: coupon.name,
    description: coupon.description,
    resultDiscount: coupon.resultDiscount,
    resultReduction: coupon.resultReduction,
    reductionCurrency: coupon.reductionCurrency,
    validUntil: formatDay(coupon.endTime, locale),
  };
}

/** Data a block needs besides its document entry, resolved by the page loader (ADR 0072). */
export type BlockData =
  | { kind: "products"; products: BlockProduct[]; count: number }
  | { kind: "notes"; notes: NoteView[] }
  | { kind: "live"; rooms: BlockLiveRoom[] }
  | { kind: "coupons"; coupons: BlockCoupon[] };

export type BlockDataMap = Record<string, BlockData>;
