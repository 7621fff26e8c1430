import { z } from "zod";

/*
 * The ID contracts: what an order code, a plan code, an ICCID and an eSIM id look like. API routes, page
 * loaders and services all check identifiers against these, so a malformed one is refused the same way
 * whichever door it came in through. Patterns are anchored and never global (`test` keeps no state).
 */

/** An order's public code, as the order list, payment pages and invoices carry it. */
export const ORDER_CODE_PATTERN = /^[A-Z0-9]{6,32}$/;
/** A plan's platformProductCode (spec 5: `/checkout?code=`). */
export const PLAN_CODE_PATTERN = /^[A-Za-z0-9_-]{1,48}$/;
/** A coupon or promo code as a shopper types it: the same shape as a plan code, matched upper-case. */
export const COUPON_CODE_PATTERN = PLAN_CODE_PATTERN;
/** A campaign's marketingCode and a content note's code: the same shape as a plan code. */
export const MARKETING_CODE_PATTERN = PLAN_CODE_PATTERN;
export const NOTE_CODE_PATTERN = PLAN_CODE_PATTERN;
/** A plan code's pattern without its anchors: an HTML `pattern` attribute, or a part of a larger expression. */
export const PLAN_CODE_BODY = PLAN_CODE_PATTERN.source.slice(1, -1);
/** A friend's invite code (issue 11): 4 to 16 capital letters and digits. */
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{4,16}$/;
/**
 * An ICCID as a shopper may give it (ITU-T E.118): 89 (telecom) and 18 to 20 digits in all. Profiles we
 * issue have 19 or 20 digits and a Luhn check digit (server/providers/supplier/formats.ts).
 */
export const ICCID_PATTERN = /^89\d{16,18}$/;
/** The shortest ICCID a supplier issues: 18 digits plus the Luhn check digit. */
export const ISSUED_ICCID_MIN_LENGTH = 19;
/** An eSIM's id: a UUID (the database's uuid type accepts any version). */
export const ESIM_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isOrderCode = (value: unknown): value is string =>
  typeof value === "string" && ORDER_CODE_PATTERN.test(value);
export const isPlanCode = (value: unknown): value is string =>
  typeof value === "string" && PLAN_CODE_PATTERN.test(value);
export const isIccid = (value: unknown): value is string =>
  typeof value === "string" && ICCID_PATTERN.test(value);
export const isMarketingCode = (value: unknown): value is string =>
  typeof value === "string" && MARKETING_CODE_PATTERN.test(value);
export const isInviteCode = (value: unknown): value is string =>
  typeof value === "string" && INVITE_CODE_PATTERN.test(value);
export const isEsimId = (value: unknown): value is string =>
  typeof value === "string" && ESIM_ID_PATTERN.test(value);

/** zod schemas of the same contracts, for route and form input. */
export const orderCode = () => z.string().regex(ORDER_CODE_PATTERN);
export const planCode = () => z.string().regex(PLAN_CODE_PATTERN);
export const iccid = () => z.string().regex(ICCID_PATTERN);
/** An ICCID of a profile we issued (19 or 20 digits), as the sandbox tools take it. */
export const issuedIccid = () => iccid().min(ISSUED_ICCID_MIN_LENGTH);
export const esimId = () => z.string().regex(ESIM_ID_PATTERN);

/** The `:code` path parameter of every order endpoint (orders, payment, invoice, sandbox tools). */
export const OrderCodeParam = z.object({ code: orderCode() });
