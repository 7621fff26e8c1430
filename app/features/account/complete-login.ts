import { useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { safePageFrom } from "../../../core/url-safety.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { loginStore, type StoredUser, toStoredLogin } from "../../lib/login-store.ts";
import { notify } from "../../lib/notify.ts";

/** The body of a successful login on the web: no tokens (they came as HttpOnly cookies), spec 3 info only. */
export interface LoginAnswer {
  loginTime?: number;
  expiresIn?: number;
  user?: StoredUser;
  message?: string;
}

/** Where a login leads: back to pageFrom (a page), or nowhere (`stay`, a dialog), then onDone. */
export interface LoginMode {
  stay?: boolean;
  onDone?: () => void;
}

/**
 * spec 4: a login stores the (non-secret) login info, refreshes customer info (the root loader's user), shows
 * 登录成功 and returns to pageFrom (same-site paths only), else home. In a dialog (`stay`) the page stays.
 */
export function useCompleteLogin() {
  const { t, href } = useI18n();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  return async (answer: LoginAnswer, options: LoginMode = {}) => {
    const store = loginStore();
    store.save(toStoredLogin(answer, Date.now()));
    store.clearThirdParty();
    notify.toast(t("account.loginSuccess"));
    await revalidator.revalidate();
    if (options.stay) options.onDone?.();
    else await navigate(safePageFrom(search.get("pageFrom"), href("/")), { replace: true });
  };
}

/**
 * The pageFrom of the current page, carried along to register, code login and bind. `here`: the panel is a
 * dialog over a page (checkout's sign-in sheet), so a way into an account that leaves the page (register, forgot
 * password, bind) comes back to this very page, with its query (the plan, quantity and codes), afterwards.
 */
export function usePageFromQuery(here = false): string {
  const [search] = useSearchParams();
  const location = useLocation();
  const pageFrom = search.get("pageFrom") ?? (here ? `${location.pathname}${location.search}` : null);
  return pageFrom ? `?pageFrom=${encodeURIComponent(safePageFrom(pageFrom))}` : "";
}
