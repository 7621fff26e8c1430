import { Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import type { BlockCoupon, BlockLiveRoom, NoteView } from "../../../../server/modules/content/types.ts";
import { useApi } from "../../../lib/api.ts";
import { useI18n, useRootData } from "../../../lib/i18n.tsx";
import { notify } from "../../../lib/notify.ts";
import { BlockLink } from "../BlockLink.tsx";
import { type BlockProps, str } from "../block-props.ts";
import { ContentImage } from "../ContentImage.tsx";
import { discountTenths } from "../coupon-value.ts";
import { useBlockData } from "../page-context.tsx";

/** spec 3 Note cards; the sanitized article opens in place (the web storefront has no note page). */
export function NoteCards({ notes, eager = false }: { notes: NoteView[]; eager?: boolean }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-notes>
      {notes.map((note) => (
        <li key={note.noteInfoCode} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <ContentImage src={note.mediaUrl} alt="" width={640} height={360} eager={eager} />
          <details className="p-3">
            <summary className="cursor-pointer font-semibold text-slate-900">{note.noteTitle}</summary>
            <div
              className="mt-2 space-y-2 text-sm text-slate-800 [&_a]:text-brand-700 [&_a]:underline"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: noteContent is sanitized on the server
              dangerouslySetInnerHTML={{ __html: note.noteContent }}
            />
          </details>
          {note.topicNameList.length > 0 && (
            <p className="px-3 pb-3 text-xs text-slate-700">
              {note.topicNameList.map((topic) => `#${topic}`).join(" ")}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function NoteListData({ component, eager }: BlockProps) {
  const list = useBlockData(component.componentId, "notes");
  return <NoteCards notes={list?.notes ?? []} eager={eager} />;
}

export function NoteList(props: BlockProps) {
  return (
    <Suspense fallback={<div className="h-64" />}>
      <NoteListData {...props} />
    </Suspense>
  );
}

function statusKey(room: BlockLiveRoom) {
  // spec 3: LIVING, NOT_START, otherwise a replay.
  if (room.roomStatusCode === "LIVING") return "content.live.LIVING" as const;
  if (room.roomStatusCode === "NOT_START") return "content.live.NOT_START" as const;
  return "content.live.replay" as const;
}

function LiveRooms({ component, eager }: BlockProps) {
  const { t } = useI18n();
  const list = useBlockData(component.componentId, "live");
  return (
    <ul className="grid grid-cols-3 gap-3">
      {(list?.rooms ?? []).map((room) => (
        <li key={room.roomCode} data-room-status={room.roomStatusCode}>
          <BlockLink
            action={{ code: "LIVE_ROOM", data: { roomCode: room.roomCode } }}
            className="relative block overflow-hidden rounded-xl"
          >
            <ContentImage src={room.feedsImgUrl} alt="" width={480} height={640} eager={eager} />
            <span
              className={`absolute left-2 top-2 rounded px-2 py-0.5 text-xs font-semibold text-white ${
                room.roomStatusCode === "LIVING"
                  ? "bg-rose-700"
                  : room.roomStatusCode === "NOT_START"
                    ? "bg-brand-700"
                    : "bg-slate-800"
              }`}
            >
              {t(statusKey(room))}
            </span>
            <span className="absolute inset-x-0 bottom-0 block bg-black/70 p-2 text-sm text-white">
              {room.roomName}
            </span>
          </BlockLink>
        </li>
      ))}
    </ul>
  );
}

export function LiveList(props: BlockProps) {
  const { t } = useI18n();
  const title = str(props.component.data.title) || t("content.live.title");
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-xl font-bold text-slate-900">{title}</h2>
      <Suspense fallback={<div className="h-80" />}>
        <LiveRooms {...props} />
      </Suspense>
    </section>
  );
}

function CouponValue({ coupon }: { coupon: BlockCoupon }) {
  const { t, price, locale } = useI18n();
  const { site } = useRootData();
  if (coupon.couponTypeCode === "DISCOUNT" && coupon.resultDiscount) {
    const value = discountTenths(coupon.resultDiscount);
    if (!value) return null;
    // spec 5: Chinese shows what is paid in tenths (8.5折); English shows what is taken off (15% off).
    return <>{t("content.coupon.discount", { value: locale === "en_US" ? value.percentOff : value.zhe })}</>;
  }
  if (coupon.resultReduction !== null) {
    const currency = site.supportCurrencyList.find((c) => c.currencyCode === coupon.reductionCurrency);
    if (!currency) return null;
    return <>{t("content.coupon.reduction", { amount: price(coupon.resultReduction, false, currency) })}</>;
  }
  return null;
}

/**
 * Receiving (spec 7, ADR 0118): a logged-in shopper gets a button per coupon that calls the receive endpoint and
 * shows its message ('领取成功') as a notification; which ones are already received comes from the spec 7
 * coupon look-up after hydration. Promo codes are typed at checkout, not received.
 */
function useReceivedCoupons(codes: string[], loggedIn: boolean) {
  const api = useApi();
  const { t } = useI18n();
  const [received, setReceived] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const key = codes.join(",");
  useEffect(() => {
    if (!loggedIn || !key) return;
    let live = true;
    api
      .post<{ code: string; received: boolean }[]>(
        "/o2mkt/v1/pub/coupons/by-codes",
        { couponCodes: key.split(",") },
        { silent: true },
      )
      .then((list) => {
        if (live) setReceived(new Set(list.filter((c) => c.received).map((c) => c.code)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, key, loggedIn]);
  async function receive(code: string) {
    setBusy(code);
    try {
      const result = await api.post<{ message?: string }>(
        `/o2mkt/v1/customer/coupons/${encodeURIComponent(code)}/receive`,
      );
      notify.toast(result.message || t("content.coupon.received"));
      setReceived((old) => new Set([...old, code]));
    } catch {
      // The client has shown why (spec 8: limit reached, ended, or the login flow for an expired session).
    } finally {
      setBusy(null);
    }
  }
  return { received, busy, receive };
}

function Coupons({ component }: BlockProps) {
  const { t, href } = useI18n();
  const { user } = useRootData();
  const location = useLocation();
  const list = useBlockData(component.componentId, "coupons");
  const coupons = list?.coupons ?? [];
  const pageFrom = location.pathname + location.search;
  const receivable = coupons.filter((c) => c.marketingType === "COUPON").map((c) => c.code);
  const { received, busy, receive } = useReceivedCoupons(receivable, Boolean(user));
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {coupons.map((coupon) => (
          <li
            key={`${coupon.marketingType}-${coupon.code}`}
            className="coupon-card"
            data-coupon={coupon.code}
          >
            {/* The value, the name and the description are styled by their place (app/app.css .coupon-card). */}
            <span>
              <CouponValue coupon={coupon} />
            </span>
            <span>{coupon.name}</span>
            <span>{coupon.description}</span>
            {coupon.marketingType === "PROMO_CODE" && (
              <span className="mt-1 font-mono text-sm text-slate-900">
                {t("content.coupon.promoCode", { code: coupon.code })}
              </span>
            )}
            <span className="mt-1 text-xs text-slate-700">
              {t("content.coupon.validUntil", { date: coupon.validUntil })}
            </span>
            {user &&
              coupon.marketingType === "COUPON" &&
              (received.has(coupon.code) ? (
                <span className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-emerald-800" data-coupon-received>
                    {t("content.coupon.received")}
                  </span>
                  <Link
                    to={href("/my/coupon")}
                    className="text-sm font-medium text-brand-700 hover:underline"
                  >
                    {t("content.coupon.wallet")}
                  </Link>
                </span>
              ) : (
                <button
                  type="button"
                  disabled={busy === coupon.code}
                  onClick={() => void receive(coupon.code)}
                  className="mt-2 inline-flex min-h-11 w-fit items-center rounded-full bg-rose-700 px-5 font-semibold text-white hover:bg-rose-800 disabled:opacity-60"
                >
                  {t("content.coupon.receive")}
                  <span className="sr-only"> {coupon.name}</span>
                </button>
              ))}
          </li>
        ))}
      </ul>
      {/* Receiving needs a logged-in customer (spec 7): a visitor logs in first and comes back here. */}
      {!user && coupons.length > 0 && (
        <Link
          to={`${href("/login")}?${new URLSearchParams({ pageFrom }).toString()}`}
          className="mt-3 inline-flex min-h-11 items-center rounded-full bg-rose-700 px-5 font-semibold text-white"
        >
          {t("content.coupon.loginToReceive")}
        </Link>
      )}
    </>
  );
}

/** Receive-coupon block: the coupons and promo codes on offer, and the way to receive them. */
export function ReceiveCoupon(props: BlockProps) {
  const title = str(props.component.data.title);
  return (
    <section aria-label={title || props.component.componentName}>
      {title && <h2 className="mb-2 text-xl font-bold text-slate-900">{title}</h2>}
      <Suspense fallback={<div className="h-40" />}>
        <Coupons {...props} />
      </Suspense>
    </section>
  );
}
