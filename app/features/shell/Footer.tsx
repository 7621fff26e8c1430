import { Link } from "react-router";
import { Icon } from "../../components/ui/Icon.tsx";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { Logo } from "./Logo.tsx";

// spec 9: the copyright year is 2025.
const COPYRIGHT_YEAR = 2025;

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const PHONE = /^\+?[\d\s-]{6,20}$/;

/** spec 3 contact ways: an e-mail or phone number is a link; anything else is text. */
function ContactValue({ value }: { value: string }) {
  if (EMAIL.test(value))
    return (
      <a className="underline" href={`mailto:${value}`}>
        {value}
      </a>
    );
  if (PHONE.test(value))
    return (
      <a className="underline" href={`tel:${value.replace(/[\s-]/g, "")}`}>
        {value}
      </a>
    );
  return <>{value}</>;
}

/** The footer: contact ways, company and legal links, the language/currency entry and the copyright. */
export function Footer({
  onOpenPreferences,
  className,
}: {
  onOpenPreferences: () => void;
  className: string;
}) {
  const { t, href } = useI18n();
  const { currency, site, locale, footer } = useRootData();
  const language = site.supportLangList.find((l) => l.lang === locale)?.langMeaning ?? locale;
  const links: [string, string][] = [
    ["/ucenter/about-us", t("shell.aboutUs")],
    ["/ucenter/help", t("shell.help")],
    ["/pageHtml?htmlType=tacCondition", t("shell.terms")],
    ["/pageHtml?htmlType=privacyPolicy", t("shell.privacy")],
    // What the shopper may cancel or get refunded, rendered from the operator's policy (issue 29).
    ["/pageHtml?htmlType=refundPolicy", t("shell.refundPolicy")],
    ["/ucenter/join-us", t("shell.joinUs")],
  ];
  return (
    <footer className={`${className} border-t border-slate-200 bg-white`}>
      {/* spec 9's second breakpoint set: one column on phones, the brand above contact and links from 720 px,
          three columns from 1200 px. */}
      <div
        data-footer-columns
        className="mx-auto grid max-w-[1300px] gap-8 px-4 py-10 md:px-6 layout-md:grid-cols-2 layout-lg:grid-cols-3"
      >
        <div className="layout-md:col-span-2 layout-lg:col-span-1">
          <Logo />
          <p className="mt-3 text-sm text-slate-700">{t("app.tagline")}</p>
        </div>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold text-slate-900">
            {footer.contactWaysTitle || t("shell.contactTitle")}
          </h2>
          <dl className="mt-3 space-y-2 text-sm text-slate-700">
            {footer.contactWays.map((way) => (
              <div key={`${way.key}|${way.value}`}>
                <dt className="font-medium text-slate-800">{way.key}</dt>
                <dd>
                  <ContactValue value={way.value} />
                </dd>
              </div>
            ))}
          </dl>
          {footer.contentList.map((line) => (
            <p key={line} className="mt-3 text-sm text-slate-700">
              {line}
            </p>
          ))}
        </section>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-sm font-semibold text-slate-900">
            {t("shell.companyLinks")}
          </h2>
          <ul className="footer-links mt-3 space-y-2 text-sm">
            {links.map(([path, label]) => (
              <li key={path}>
                <Link to={href(path)}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-[1300px] flex-col gap-3 px-4 py-4 text-sm text-slate-700 md:flex-row md:items-center md:justify-between md:px-6">
          <p>{t("shell.copyright", { year: COPYRIGHT_YEAR })}</p>
          <button
            type="button"
            onClick={onOpenPreferences}
            aria-haspopup="dialog"
            className="inline-flex items-center gap-1.5 self-start rounded-full border border-slate-300 px-3 py-1.5 text-slate-800 hover:bg-slate-100"
          >
            <Icon name="globe" className="size-4" />
            <span className="sr-only">{t("shell.preferences")}: </span>
            {t("shell.preferencesCurrent", {
              language,
              currency: `${currency.currencyCode} ${currency.currencySymbol}`,
            })}
          </button>
        </div>
      </div>
    </footer>
  );
}
