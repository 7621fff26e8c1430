import {
  isRouteErrorResponse,
  Link,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
} from "react-router";
import { consoleCatalogues, consoleCompiled } from "../../core/i18n/console/index.ts";
import { provideCompiled } from "../../core/i18n/format.ts";
import { consoleLanguage, currentOperator } from "../features/admin/console.server.ts";
import { ConsoleI18nProvider, useConsoleT } from "../features/admin/i18n.tsx";
import { linkClass } from "../features/admin/ui.tsx";
import type { Route } from "./+types/admin";

// The operator console's root (issue 16, ADR 0224): its language and messages for every console page.
export async function loader(args: Route.LoaderArgs) {
  const [language, operator] = await Promise.all([consoleLanguage(args), currentOperator(args)]);
  // The trees of the plural and select messages: the browser has no ICU parser (ADR 0247).
  return { language, messages: consoleCatalogues[language], compiled: consoleCompiled(language), operator };
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The language and operator change only through a form (sign-in, language, sign-out).
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function ConsoleRoot({ loaderData }: Route.ComponentProps) {
  // Before any console page formats a message; keeping trees already given costs a map write each.
  provideCompiled(loaderData.compiled);
  return (
    <ConsoleI18nProvider value={{ language: loaderData.language, messages: loaderData.messages }}>
      <Outlet />
    </ConsoleI18nProvider>
  );
}

function ConsoleError() {
  const t = useConsoleT();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const message =
    status === 404
      ? t("console.error.notFound")
      : status === 403
        ? t("console.error.forbidden")
        : t("console.error.body");
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16">
      <title>{`${t("console.error.title")} · ${t("console.title")}`}</title>
      <h1 className="mb-4 text-xl font-semibold">{t("console.error.title")}</h1>
      <p className="mb-6">{message}</p>
      <Link className={linkClass} to="/admin">
        {t("console.back")}
      </Link>
    </main>
  );
}

export function ErrorBoundary({ loaderData }: Route.ErrorBoundaryProps) {
  const language = loaderData?.language ?? "en_US";
  return (
    <ConsoleI18nProvider value={{ language, messages: consoleCatalogues[language] }}>
      <ConsoleError />
    </ConsoleI18nProvider>
  );
}
