/*
 * spec 3: stored login info, in local storage keyed by environment. Only the non-secret part lives here
 * (architecture, security model): loginTime, expiresIn and the user's names. The tokens stay in HttpOnly cookies.
 * The third-party info the bind page needs (spec 3 thirdParty) is kept per tab in session storage (ADR 0090).
 */

export interface StoredUser {
  loginName: string | null;
  nickName: string | null;
}

export interface StoredLogin {
  /** Epoch milliseconds. */
  loginTime: number;
  /** Seconds. */
  expiresIn: number;
  user: StoredUser;
}

export interface ThirdPartyInfo {
  /** The provider's ID token (or access token), verified again by the server on bind. */
  accessToken: string;
  email: string | null;
  provider: "google" | "apple" | "facebook";
  /** The nonce the ID token was bound to, sent again on bind (ADR 0164). */
  nonce?: string;
}

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** spec 3: keyed by environment, so a test and a production login in one browser never mix. */
export function loginStorageKey(environment: string): string {
  return `esim:${environment}:login`;
}

export function thirdPartyStorageKey(environment: string): string {
  return `esim:${environment}:thirdParty`;
}

/** spec 3: a cached login is dropped when loginTime plus expiresIn has passed. */
export function loginExpired(login: StoredLogin, now: number): boolean {
  return login.loginTime + login.expiresIn * 1000 <= now;
}

function isStoredLogin(value: unknown): value is StoredLogin {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.loginTime === "number" &&
    typeof v.expiresIn === "number" &&
    typeof v.user === "object" &&
    v.user !== null
  );
}

/** Only the spec 3 fields are kept, whatever the caller passes (a login response may carry more). */
export function toStoredLogin(
  input: {
    loginTime?: number;
    expiresIn?: number;
    user?: Partial<StoredUser> | null;
  },
  now: number,
): StoredLogin {
  return {
    loginTime: typeof input.loginTime === "number" ? input.loginTime : now,
    expiresIn: typeof input.expiresIn === "number" ? input.expiresIn : 0,
    user: { loginName: input.user?.loginName ?? null, nickName: input.user?.nickName ?? null },
  };
}

export function createLoginStore(
  storage: KeyValueStore | null,
  environment: string,
  session?: KeyValueStore | null,
) {
  const key = loginStorageKey(environment);
  const thirdKey = thirdPartyStorageKey(environment);
  const safely = <T>(run: () => T, fallback: T): T => {
    try {
      return run();
    } catch {
      // Storage can be disabled (private mode, quota): the session still works through the cookies.
      return fallback;
    }
  };
  return {
    /** The cached login, or null; an expired or unreadable one is removed (spec 4: cleared on load). */
    read(now: number = Date.now()): StoredLogin | null {
      if (!storage) return null;
      const raw = safely(() => storage.getItem(key), null);
      if (!raw) return null;
      const parsed = safely(() => JSON.parse(raw) as unknown, null);
      if (!isStoredLogin(parsed) || loginExpired(parsed, now)) {
        safely(() => storage.removeItem(key), undefined);
        return null;
      }
      return parsed;
    },
    save(login: StoredLogin): void {
      if (storage) safely(() => storage.setItem(key, JSON.stringify(login)), undefined);
    },
    /** spec 4: logout clears user, token and local cache. */
    clear(): void {
      if (storage) safely(() => storage.removeItem(key), undefined);
      if (session) safely(() => session.removeItem(thirdKey), undefined);
    },
    saveThirdParty(info: ThirdPartyInfo): void {
      if (session) safely(() => session.setItem(thirdKey, JSON.stringify(info)), undefined);
    },
    readThirdParty(): ThirdPartyInfo | null {
      if (!session) return null;
      const raw = safely(() => session.getItem(thirdKey), null);
      const parsed = raw ? safely(() => JSON.parse(raw) as ThirdPartyInfo, null) : null;
      return parsed && typeof parsed.accessToken === "string" && typeof parsed.provider === "string"
        ? parsed
        : null;
    },
    clearThirdParty(): void {
      if (session) safely(() => session.removeItem(thirdKey), undefined);
    },
  };
}

export type LoginStore = ReturnType<typeof createLoginStore>;

let browserStore: LoginStore | undefined;

/** The page's store (a no-op one on the server). */
export function loginStore(): LoginStore {
  if (typeof window === "undefined") return createLoginStore(null, "server", null);
  browserStore ??= createLoginStore(
    (() => {
      try {
        return window.localStorage;
      } catch {
        return null;
      }
    })(),
    import.meta.env.MODE,
    (() => {
      try {
        return window.sessionStorage;
      } catch {
        return null;
      }
    })(),
  );
  return browserStore;
}

/**
 * Keeps the cached login in step with the server's session (the root loader's user): a page rendered without a
 * session drops the cache (logout, expiry, deleted account); one with a session keeps the names current.
 */
export function syncLoginStore(store: LoginStore, user: StoredUser | null, now: number = Date.now()): void {
  const cached = store.read(now);
  if (!user) {
    if (cached) store.clear();
    return;
  }
  if (cached && (cached.user.nickName !== user.nickName || cached.user.loginName !== user.loginName)) {
    store.save({ ...cached, user: { loginName: user.loginName, nickName: user.nickName } });
  }
}
