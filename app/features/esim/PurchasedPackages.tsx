import { Link, useLocation } from "react-router";
import { type EsimPackage, esimPath, PACKAGE_STATES, type PackageState } from "../../../core/esim.ts";
import type { PageList } from "../../../core/lists.ts";
import { LocalTime } from "../../components/ui/LocalTime.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { DataBar } from "./DataBar.tsx";
import { ShowMore } from "./ShowMore.tsx";
import { PackageStateBadge } from "./StateBadge.tsx";

interface EsimGroup {
  esimId: string;
  iccid: string;
  packages: EsimPackage[];
}

/** Packages in the order the server lists them, gathered under the eSIM they are on. */
export function groupByEsim(packages: readonly EsimPackage[]): EsimGroup[] {
  const groups = new Map<string, EsimGroup>();
  for (const pkg of packages) {
    let group = groups.get(pkg.esimId);
    if (!group) {
      group = { esimId: pkg.esimId, iccid: pkg.iccid, packages: [] };
      groups.set(pkg.esimId, group);
    }
    group.packages.push(pkg);
  }
  return [...groups.values()];
}

function Timed({ template, iso }: { template: string; iso: string }) {
  const [before, after = ""] = template.split("\u0000");
  return (
    <>
      {before}
      <LocalTime iso={iso} />
      {after}
    </>
  );
}

function PackageItem({ pkg }: { pkg: EsimPackage }) {
  const { t } = useI18n();
  const headingId = `package-${pkg.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {pkg.planName}
            {pkg.topUp && (
              <span className="ml-2 text-xs font-medium text-slate-700">({t("esimUi.topUpTag")})</span>
            )}
          </h3>
          <PackageStateBadge state={pkg.state} />
        </div>
        <div className="mt-3">
          <DataBar dataUsedMb={pkg.dataUsedMb} dataTotalMb={pkg.dataTotalMb} />
        </div>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          <li>{t("esimUi.purchased.validity", { count: pkg.validityDays })}</li>
          {pkg.activatedAt && (
            <li>
              <Timed template={t("esimUi.purchased.started", { time: "\u0000" })} iso={pkg.activatedAt} />
            </li>
          )}
          {pkg.expiresAt && (
            <li>
              <Timed template={t("esimUi.purchased.ends", { time: "\u0000" })} iso={pkg.expiresAt} />
            </li>
          )}
          <li>{t("esimUi.purchased.order", { code: pkg.orderCode })}</li>
        </ul>
      </article>
    </li>
  );
}

const TAB =
  "block whitespace-nowrap rounded-full border px-4 py-1.5 text-sm font-medium aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900";

/**
 * spec 2 /my/purchased and /ucenter/purchased (ADR 0138): the packages on each eSIM with their state, filtered
 * by state through links (`?state=`), so every filter is a URL the server renders and Back returns to.
 */
export function PurchasedPackages({
  list,
  state,
}: {
  list: PageList<EsimPackage>;
  state: PackageState | null;
}) {
  const { t, href } = useI18n();
  const { pathname } = useLocation();
  const filters: [PackageState | null, string][] = [
    [null, t("esimUi.purchased.all")],
    ...PACKAGE_STATES.map((value): [PackageState, string] => [value, t(`esimUi.package.${value}`)]),
  ];
  const groups = groupByEsim(list.content);
  return (
    <section aria-labelledby="purchased-heading">
      <h1 id="purchased-heading" className="text-2xl font-bold text-slate-900">
        {t("shell.purchased")}
      </h1>
      <nav aria-label={t("esimUi.purchased.filter")} className="mt-4">
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {filters.map(([value, label]) => (
            <li key={value ?? "all"}>
              <Link
                to={value ? `${pathname}?state=${value}` : pathname}
                aria-current={value === state ? "page" : undefined}
                className={`${TAB} ${value === state ? "" : "border-slate-300 text-slate-800 hover:bg-slate-100"}`}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {groups.length === 0 ? (
        <p className="mt-10 text-center text-slate-700">{t("esimUi.purchased.empty")}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-6">
          {groups.map((group) => (
            <li key={group.esimId}>
              <section
                aria-labelledby={`group-${group.esimId}`}
                className="rounded-2xl border border-slate-200 bg-white p-5"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2
                    id={`group-${group.esimId}`}
                    className="font-mono text-base font-semibold text-slate-900"
                  >
                    {t("esimUi.purchased.onEsim", { iccid: group.iccid })}
                  </h2>
                  <Link
                    to={href(esimPath(group.esimId))}
                    className="text-sm font-semibold text-brand-700 hover:underline"
                    aria-describedby={`group-${group.esimId}`}
                  >
                    {t("esimUi.purchased.viewEsim")}
                  </Link>
                </div>
                <ul className="mt-4 flex flex-col gap-3">
                  {group.packages.map((pkg) => (
                    <PackageItem key={pkg.id} pkg={pkg} />
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ul>
      )}
      <ShowMore shown={list.content.length} total={list.totalElements} />
    </section>
  );
}
