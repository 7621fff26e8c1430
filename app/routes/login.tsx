import { useEffect, useRef } from "react";
import { redirect } from "react-router";
import { localePath, splitLocale } from "../../core/locale-path.ts";
import { safePageFrom } from "../../core/url-safety.ts";
import { appContext } from "../context.ts";
import { AuthCard } from "../features/account/AuthCard.tsx";
import { LoginPanel } from "../features/account/LoginPanel.tsx";
import { useSocialLogin } from "../features/account/SocialLogin.tsx";
import { pageCustomer } from "../features/account/session.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/login";

export const handle = { messages: ["account"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "accountUi.login.title", {
    descriptionKey: "accountUi.login.description",
    noindex: true,
  });
}

const ID_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function appleToken(value: FormDataEntryValue | string | null): string | null {
  return typeof value === "string" && value.length < 8192 && ID_TOKEN.test(value) ? value : null;
}

// spec 2: /{lang}/login is also the Apple redirect: the ID token arrives in the query or as a form_post.
// A shopper who is already logged in (for example after the page refreshed an expired access token) goes on to
// pageFrom at once (spec 2).
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const appleIdToken = appleToken(url.searchParams.get("id_token"));
  if (!appleIdToken && (await pageCustomer(context.get(appContext), request, url))) {
    const home = localePath(splitLocale(url.pathname).locale, "/", true);
    throw redirect(safePageFrom(url.searchParams.get("pageFrom"), home));
  }
  return { appleIdToken };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  return { appleIdToken: appleToken(form.get("id_token")) };
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const appleIdToken = actionData?.appleIdToken ?? loaderData.appleIdToken;
  const social = useSocialLogin();
  const started = useRef(false);
  useEffect(() => {
    if (!appleIdToken || started.current) return;
    started.current = true;
    void social("apple", appleIdToken).catch(() => undefined);
  }, [appleIdToken, social]);
  return (
    <AuthCard title={t("accountUi.login.title")}>
      <LoginPanel />
    </AuthCard>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
