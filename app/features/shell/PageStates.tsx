import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

/** spec 2, 8: the 404 page shows 'Page Not Found: {path}' inside the shell. */
export function NotFoundView() {
  const { t, href } = useI18n();
  const { pathname } = useLocation();
  const heading = t("error.pageNotFound", { path: pathname });
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center">
      <title>{heading}</title>
      <p aria-hidden="true" className="text-7xl font-black tracking-tight text-brand-600">
        404
      </p>
      <h1 className="mt-4 break-all text-2xl font-semibold text-slate-900">{heading}</h1>
      <p className="mt-3 text-slate-700">{t("shell.notFoundText")}</p>
      <Link
        to={href("/")}
        className="mt-8 rounded-full bg-brand-600 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {t("error.backHome")}
      </Link>
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
