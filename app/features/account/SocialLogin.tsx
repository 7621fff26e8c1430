import { useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { isSignInPage } from "../../../core/sign-in-pages.ts";
import { Modal } from "../../components/ui/Modal.tsx";
import { useApi } from "../../lib/api.ts";
import { useI18n, useRootData } from "../../lib/i18n.tsx";
import { loginStore } from "../../lib/login-store.ts";
import { notify } from "../../lib/notify.ts";
import { useAccountForm } from "./account-form.ts";
import { type LoginMode, useCompleteLogin, usePageFromQuery } from "./complete-login.ts";
import { Field } from "./Field.tsx";
import { primaryButtonClass, secondaryButtonClass } from "./form.ts";
import { sandboxPersonaFormSchema } from "./schemas.ts";
import {
  SdkUnavailable,
  SOCIAL_PROVIDERS,
  type SocialAnswer,
  type SocialProvider,
  sandboxIdToken,
  sdkMessageKey,
  socialStep,
} from "./social.ts";
import { type ProviderToken, prepareProvider, providerSignIn, SocialCancelled } from "./social-sdk.ts";

/** spec 4, 8: open-token, then the outcome: log in, register-bind-login, go to /bind, or show the message. */
export function useSocialLogin(options: LoginMode = {}) {
  const api = useApi();
  const { href } = useI18n();
  const { channel } = useRootData();
  const navigate = useNavigate();
  const complete = useCompleteLogin();
  const pageFromQuery = usePageFromQuery(options.stay);
  return async (provider: SocialProvider, openAccessToken: string, nonce?: string) => {
    const token = { provider, openAccessToken, channel, nonce };
    const answer = await api.post<SocialAnswer>("/o2cum/v1/pub/social-login/open-token", {
      grantType: "implicit",
      ...token,
    });
    let step = socialStep(answer);
    let final = answer;
    if (step === "registerBind") {
      final = await api.post<SocialAnswer>("/o2cum/v1/pub/social-login/register-bind-login", token);
      step = socialStep(final);
      if (step === "registerBind") step = "failed";
    }
    if (step === "loggedIn") return complete(final, options);
    if (step === "bind") {
      loginStore().saveThirdParty({
        accessToken: openAccessToken,
        email: final.extraMessage?.email ?? null,
        provider,
        nonce,
      });
      notify.toast(final.message);
      return navigate(href(`/bind${pageFromQuery}`));
    }
    notify.toast(final.message);
  };
}

/** Whether the sandbox issuer answers here (outside production, ADR 0066); checked once per page. */
let sandboxProbe: Promise<boolean> | null = null;
function sandboxAvailable(): Promise<boolean> {
  sandboxProbe ??= fetch("/__dev/identity/google/jwks.json", { credentials: "same-origin" }).then(
    (response) => response.ok,
    () => false,
  );
  return sandboxProbe;
}

/** Whether this document was served as a sign-in page, with the opener policy the popups need. */
function documentAllowsPopups(): boolean {
  const entry = performance.getEntriesByType("navigation")[0];
  return isSignInPage(entry ? new URL(entry.name).pathname : window.location.pathname);
}

export function SocialLogin({ mode = {} }: { mode?: LoginMode }) {
  const { t } = useI18n();
  const run = useSocialLogin(mode);
  const [persona, setPersona] = useState<SocialProvider | null>(null);

  // Outside production the sandbox plays the provider (ADR 0093); otherwise the provider's own SDK signs in
  // (ADR 0164), and a provider that is not configured or does not load gets spec 8's message.
  const prepare = (provider: SocialProvider) => {
    void sandboxAvailable().then((sandbox) => {
      if (!sandbox) prepareProvider(provider);
    });
  };
  const start = async (provider: SocialProvider) => {
    if (await sandboxAvailable()) {
      setPersona(provider);
      return;
    }
    // The provider's popup answers through window.opener, which only sign-in documents allow (ADR 0188). Reached
    // by an in-app navigation from another page, this document does not: load it afresh, then sign in.
    if (!documentAllowsPopups()) {
      window.location.reload();
      return;
    }
    let signedIn: ProviderToken;
    try {
      signedIn = await providerSignIn(provider);
    } catch (failure) {
      if (!(failure instanceof SocialCancelled)) notify.toast(t(sdkMessageKey(provider)));
      return;
    }
    await run(provider, signedIn.token, signedIn.nonce).catch(() => undefined);
  };

  return (
    <section aria-labelledby="social-heading" className="mt-6 border-t border-slate-200 pt-6">
      <h2 id="social-heading" className="text-center text-sm font-medium text-slate-700">
        {t("accountUi.social.heading")}
      </h2>
      <ul className="mt-3 grid gap-2">
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={`${secondaryButtonClass} w-full`}
              onClick={() => void start(provider)}
              onPointerEnter={() => prepare(provider)}
              onFocus={() => prepare(provider)}
            >
              {t(`accountUi.social.${provider}`)}
            </button>
          </li>
        ))}
      </ul>
      {persona && (
        <SandboxIdentityDialog
          provider={persona}
          onClose={() => setPersona(null)}
          onToken={async (token) => {
            setPersona(null);
            await run(persona, token).catch(() => undefined);
          }}
        />
      )}
    </section>
  );
}

/**
 * The sandbox provider's consent screen (ADR 0093): the shopper (or a test) picks the identity the provider
 * reports, and the sandbox issuer signs an ID token for it, exactly as Google, Apple or Facebook would.
 */
function SandboxIdentityDialog({
  provider,
  onClose,
  onToken,
}: {
  provider: SocialProvider;
  onClose: () => void;
  onToken: (token: string) => Promise<void>;
}) {
  const { t } = useI18n();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  // A fresh identity to start with; the dialog opens only in the browser, on a click.
  const defaultSub = useMemo(() => `sandbox-${Math.random().toString(36).slice(2, 10)}`, []);
  const name = t(`accountUi.provider.${provider}`);
  const {
    formProps,
    errors: shown,
    busy,
  } = useAccountForm({
    schema: sandboxPersonaFormSchema(),
    toastInvalid: false,
    submit: async (value) => {
      try {
        const token = await sandboxIdToken(provider, {
          sub: value.sub,
          email: value.email,
          emailVerified: value.emailVerified === true,
        });
        await onToken(token);
      } catch (failure) {
        notify.toast(
          t(failure instanceof SdkUnavailable ? sdkMessageKey(provider) : "accountUi.social.sdkMissing"),
        );
        onClose();
      }
    },
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={t("accountUi.sandbox.title", { provider: name })}
      initialFocus={first}
    >
      <form {...formProps} className="mt-4 space-y-4">
        <p className="text-sm text-slate-700">{t("accountUi.sandbox.intro", { provider: name })}</p>
        <Field
          ref={first}
          id={`${id}-sub`}
          name="sub"
          label={t("accountUi.sandbox.sub", { provider: name })}
          defaultValue={defaultSub}
          error={shown.sub}
        />
        <Field
          id={`${id}-email`}
          name="email"
          type="email"
          label={t("accountUi.sandbox.email")}
          error={shown.email}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="emailVerified" defaultChecked />
          {t("accountUi.sandbox.verified")}
        </label>
        <div className="flex gap-3">
          <button type="button" className={`${secondaryButtonClass} flex-1`} onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className={`${primaryButtonClass} flex-1`} disabled={busy}>
            {t("accountUi.sandbox.continue")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
