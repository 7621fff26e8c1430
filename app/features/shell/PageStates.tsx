import { useId } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

/**
 * A path that wraps only after its separators (issue 12: never mid-word): a <wbr> follows each "/", "-", "_",
 * "." and "?"; overflow-wrap still breaks a single segment too long for the line rather than overflow it.
 */
function PathText({ path }: { path: string }) {
  const parts = path.split(/(?<=[/\-_.?&=])/);
  return (
    <code className="font-mono [overflow-wrap:break-word]" data-testid="not-found-path">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <span key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </span>
      ))}
    </code>
  );
}

/** spec 2, 8: the 404 page shows 'Page Not Found: {path}' inside the shell, with a search and ways on. */
export function NotFoundView() {
  const { t, href } = useI18n();
  const { pathname } = useLocation();
  const heading = t("error.pageNotFound", { path: pathname });
  const at = heading.indexOf(pathname);
  const field = useId();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center">
      <title>{heading}</title>
      <p aria-hidden="true" className="text-7xl font-black tracking-tight text-brand-600">
        404
      </p>
      <h1 className="mt-4 max-w-full text-2xl font-semibold text-slate-900">
        {at < 0 ? (
          heading
        ) : (
          <>
            {heading.slice(0, at)}
            <PathText path={pathname} />
            {heading.slice(at + pathname.length)}
          </>
        )}
      </h1>
      <p className="mt-3 text-slate-700">{t("shell.notFoundText")}</p>
      {/* A way on (issue 12): search the plans, or go to the destinations, the help centre or home. */}
      <search className="mt-8 w-full max-w-md">
        <form method="get" action={href("/plp")} className="flex w-full gap-2">
          <label htmlFor={field} className="sr-only">
            {t("shell.search")}
          </label>
          <input
            id={field}
            name="keyword"
            type="search"
            required
            maxLength={64}
            enterKeyHint="search"
            placeholder={t("shell.searchPlaceholder")}
            className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-base text-slate-900 placeholder:text-slate-600"
          />
          <button
            type="submit"
            className="shrink-0 rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-900"
          >
            {t("discovery.searchSubmit")}
          </button>
        </form>
      </search>
      <nav aria-label={t("shell.notFoundTitle")} className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={href("/category")}
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          {t("shell.categories")}
        </Link>
        <Link
          to={href("/ucenter/help")}
          className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          {t("shell.help")}
        </Link>
        <Link
          to={href("/")}
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("error.backHome")}
        </Link>
      </nav>
    </section>
  );
}

/** A page that failed to render: the system-error title and a way to retry. */
export function ErrorView() {
  const { t, href } = useI18n();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center">
      <title>{t("error.systemTitle")}</title>
      <h1 className="text-2xl font-semibold text-slate-900">{t("error.systemTitle")}</h1>
      <p className="mt-3 text-slate-700">{t("shell.errorText")}</p>
      <div className="mt-8 flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-brand-600 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("shell.reload")}
        </button>
        <Link
          to={href("/")}
          className="rounded-full border border-slate-300 px-6 py-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          {t("error.backHome")}
        </Link>
      </div>
    </section>
  );
}

/** The error boundary most pages share: a 404 shows the not-found view; anything else is logged and shows the
 * error view. A route uses it with `export { PageErrorBoundary as ErrorBoundary }`; the build only hands the
 * error as a prop to an ErrorBoundary written in the route module itself, so this one reads it from the router. */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorView />;
}
