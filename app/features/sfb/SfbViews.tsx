import { Link } from "react-router";
import { formatPrice } from "../../../core/money.ts";
import type { CreditBalance, CreditEntryView } from "../../../server/modules/credit/service.ts";
import type { FriendView } from "../../../server/modules/sfb/service.ts";
import { getAppBridge } from "../../lib/bridge/index.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { withIsolated } from "../../lib/isolate.tsx";
import { notify } from "../../lib/notify.ts";
import { formatDay } from "../../lib/time.ts";

/** Store credit is kept in HKD (ADR 0240), whatever currency the page shows prices in. */
export const hkd = (minor: number) => formatPrice(minor, { currencySymbol: "HK$", minorDigits: 2 });

export interface PublicRules {
  enabled: boolean;
  friendReward: { code: string; name: string; valueLabel: string } | null;
  inviterReward: string;
  monthlyCap: number;
  holdDays: number;
}

/** How the programme works and its rules (/sfb and the top of /my/sfb). */
export function ProgrammeRules({ rules, headingLevel = 2 }: { rules: PublicRules; headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="sfb-how" className="rounded-2xl border border-slate-200 bg-white p-5">
        <Heading id="sfb-how" className="text-lg font-semibold text-slate-900">
          {t("sfbUi.how")}
        </Heading>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
          <li>{t("sfbUi.step.share")}</li>
          <li>
            {rules.friendReward
              ? t("sfbUi.step.friend", { reward: rules.friendReward.valueLabel })
              : t("sfbUi.step.friendNoReward")}
          </li>
          <li>{t("sfbUi.step.you", { amount: rules.inviterReward })}</li>
        </ol>
      </section>
      <section aria-labelledby="sfb-rules" className="rounded-2xl border border-slate-200 bg-white p-5">
        <Heading id="sfb-rules" className="text-lg font-semibold text-slate-900">
          {t("sfbUi.rules")}
        </Heading>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-800">
          <li>{t("sfbUi.rule.hold", { days: rules.holdDays })}</li>
          <li>{t("sfbUi.rule.cap", { count: rules.monthlyCap })}</li>
          <li>{t("sfbUi.rule.once")}</li>
          <li>{t("sfbUi.rule.self")}</li>
          <li>{t("sfbUi.rule.refund")}</li>
          <li>{t("sfbUi.rule.checkout")}</li>
          <li>{t("sfbUi.rule.expiry")}</li>
        </ul>
      </section>
    </div>
  );
}

/** The shopper's code and link with copy and share; the QR code when the server drew one. */
export function InviteCard({
  code,
  link,
  qr,
  enabled,
}: {
  code: string;
  link: string;
  qr?: string;
  enabled: boolean;
}) {
  const { t } = useI18n();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.toast(t("sfbUi.copied"));
    } catch {
      notify.toast(t("sfbUi.copyFailed"));
    }
  };
  const share = async () => {
    const bridge = getAppBridge();
    const title = t("sfbUi.shareTitle");
    try {
      if (bridge.available) {
        await bridge.share({ title, url: link });
        return;
      }
      if (typeof navigator.share === "function") {
        await navigator.share({ title, text: t("sfbUi.shareText"), url: link });
        return;
      }
    } catch (error) {
      // The shopper closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
    await copy();
  };
  return (
    <section aria-labelledby="sfb-invite" className="rounded-2xl border border-brand-200 bg-brand-50 p-5">
      <h2 id="sfb-invite" className="text-lg font-semibold text-slate-900">
        {t("sfbUi.yourCode")}
      </h2>
      {!enabled && <p className="mt-2 text-sm text-red-800">{t("sfbUi.codeDisabled")}</p>}
      <div className="mt-3 flex flex-col gap-5 md:flex-row md:items-start">
        <div className="min-w-0 flex-1">
          <p
            className="font-mono text-2xl font-bold tracking-widest text-slate-900"
            data-testid="invite-code"
          >
            {code}
          </p>
          <label htmlFor="sfb-link" className="mt-4 block text-sm font-medium text-slate-800">
            {t("sfbUi.yourLink")}
          </label>
          <input
            id="sfb-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void copy()}
              className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t("sfbUi.copy")}
            </button>
            <button
              type="button"
              onClick={() => void share()}
              className="rounded-full border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t("sfbUi.share")}
            </button>
          </div>
        </div>
        {qr && (
          <div
            role="img"
            aria-label={t("sfbUi.qrLabel")}
            data-testid="invite-qr"
            className="w-40 shrink-0 self-center rounded-xl border border-slate-200 bg-white p-2 md:self-auto [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn on the server by the qrcode library from the shopper's own invite link.
            dangerouslySetInnerHTML={{ __html: qr }}
          />
        )}
      </div>
    </section>
  );
}

/** The friends invited, each with its state and, when void, why. */
export function FriendsList({ friends }: { friends: FriendView[] }) {
  const { t, locale, has } = useI18n();
  return (
    <section aria-labelledby="sfb-friends">
      <h2 id="sfb-friends" className="text-lg font-semibold text-slate-900">
        {t("sfbUi.friends")}
      </h2>
      {friends.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-800">
          {t("sfbUi.noFriends")}
        </p>
      ) : (
        <ul
          className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
          data-testid="friends"
        >
          {friends.map((friend) => {
            const reasonKey = `sfbUi.reason.${friend.reason}`;
            return (
              <li
                key={`${friend.nickname}-${friend.invitedAt}`}
                className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3"
              >
                <bdi className="font-medium text-slate-900">{friend.nickname}</bdi>
                <span className="text-sm text-slate-700">{formatDay(friend.invitedAt, locale)}</span>
                <span className="ml-auto text-sm font-semibold text-slate-900" data-state={friend.state}>
                  {friend.state === "REWARDED"
                    ? t("sfbUi.state.REWARDED", { amount: hkd(friend.rewardMinor ?? 0) })
                    : t(`sfbUi.state.${friend.state}`)}
                </span>
                {friend.reason && has(reasonKey) && (
                  <span className="w-full text-sm text-slate-700">{t(reasonKey)}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The credit balance (spendable and on hold), when it expires, and its history. */
export function CreditPanel({ balance, history }: { balance: CreditBalance; history: CreditEntryView[] }) {
  const { t, locale, has } = useI18n();
  return (
    <section aria-labelledby="sfb-credit">
      <h2 id="sfb-credit" className="text-lg font-semibold text-slate-900">
        {t("sfbUi.credit")}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {(
          [
            ["sfbUi.balance", balance.balanceMinor, "credit-balance"],
            ["sfbUi.spendable", balance.spendableMinor, "credit-spendable"],
            ["sfbUi.held", balance.heldMinor, "credit-held"],
          ] as const
        ).map(([label, amount, testId]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-700">{t(label)}</dt>
            <dd className="text-lg font-bold text-slate-900" data-testid={testId}>
              {hkd(amount)}
            </dd>
          </div>
        ))}
      </dl>
      {balance.expiresAt && (
        <p className="mt-2 text-sm text-slate-700">
          {t("sfbUi.expires", { date: formatDay(balance.expiresAt, locale) })}
        </p>
      )}
      <h3 className="mt-5 font-semibold text-slate-900">{t("sfbUi.history")}</h3>
      {history.length === 0 ? (
        <p className="mt-2 text-slate-800">{t("sfbUi.noHistory")}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("sfbUi.history.date")}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t("sfbUi.history.what")}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t("sfbUi.history.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => {
              const reasonKey = `credit.reason.${entry.reason}`;
              return (
                <tr key={entry.id} className="border-b border-slate-100" data-kind={entry.kind}>
                  <td className="py-2 pr-3 text-slate-700">{formatDay(entry.createdAt, locale)}</td>
                  <td className="py-2 pr-3 text-slate-900">
                    {t(`credit.kind.${entry.kind}`)} ·{" "}
                    {has(reasonKey) ? t(reasonKey) : t("credit.reason.other")}
                  </td>
                  <td className="py-2 text-right font-semibold text-slate-900">
                    {entry.amountMinor > 0 ? "+" : "−"}
                    {hkd(Math.abs(entry.amountMinor))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

export interface LandingData {
  landing:
    | { status: "unknown" | "disabled"; code: string }
    | { status: "ok"; code: string; rules: PublicRules; inviterNickname: string; own: boolean };
  signedIn: boolean;
}

/** A friend's landing page, or a clear page for an unknown or disabled code (never a 404). */
export function LandingView({ data }: { data: LandingData }) {
  const { t, href } = useI18n();
  const { landing } = data;
  if (landing.status !== "ok") {
    return (
      <section className="mx-auto max-w-xl px-4 py-10 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t(`sfbUi.landing.${landing.status}.title`)}</h1>
        <p className="mt-3 text-slate-800">
          {t(`sfbUi.landing.${landing.status}.text`, { code: landing.code })}
        </p>
        <Link
          to={href("/plp")}
          className="mt-6 inline-block rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t("sfbUi.landing.browse")}
        </Link>
      </section>
    );
  }
  const reward = landing.rules.friendReward;
  return (
    <section className="mx-auto max-w-xl px-4 py-10 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {withIsolated((params) => t("sfbUi.landing.title", params), "name", landing.inviterNickname)}
      </h1>
      <p className="mt-3 text-lg text-slate-800">
        {reward ? t("sfbUi.landing.reward", { reward: reward.valueLabel }) : t("sfbUi.landing.noReward")}
      </p>
      {landing.own ? (
        <p className="mt-6 text-slate-800">{t("sfbUi.landing.own")}</p>
      ) : data.signedIn ? (
        <p className="mt-6 text-slate-800">{t("sfbUi.landing.member")}</p>
      ) : (
        <>
          <Link
            to={href("/register")}
            className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {t("sfbUi.landing.signUp")}
          </Link>
          <p className="mt-3 text-sm text-slate-700">{t("sfbUi.landing.kept")}</p>
        </>
      )}
    </section>
  );
}
