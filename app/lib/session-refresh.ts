/*
 * spec 8 and ADR 0092: a 401 from one of the page's own API calls first tries to renew the session with the
 * refresh cookie, once, and repeats the call once; only when that fails does the client log out. Framework-free
 * so the single-flight rule is tested on its own (session-refresh.test.ts).
 */

export interface SessionRefresher {
  /**
   * Renews the session; true when it worked. While one refresh is under way every caller shares it, so parallel
   * 401s spend the refresh token once (a second use would trip the server's reuse detection, ADR 0062).
   */
  refresh(): Promise<boolean>;
  /** Goes up by one after each successful refresh. */
  readonly generation: number;
}

export function createSessionRefresher(renew: () => Promise<boolean>): SessionRefresher {
  let inFlight: Promise<boolean> | null = null;
  let generation = 0;
  return {
    refresh() {
      inFlight ??= (async () => {
        let ok = false;
        try {
          ok = await renew();
        } catch {
          ok = false;
        }
        if (ok) generation += 1;
        inFlight = null;
        return ok;
      })();
      return inFlight;
    },
    get generation() {
      return generation;
    },
  };
}

/**
 * A fetch that answers a 401 by refreshing (through the shared refresher) and sending the same request once
 * more. A 401 that still follows, or a refresh that fails, is returned as it came, for the client's usual 401
 * handling (log out, go to login). `eligible` keeps out calls a refresh cannot help: the refresh call itself,
 * bearer-authenticated calls.
 */
export function refreshingFetch(
  base: typeof fetch,
  refresher: SessionRefresher,
  eligible: (url: string, init?: RequestInit) => boolean,
): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const before = refresher.generation;
    const response = await base(input, init);
    if (response.status !== 401 || !eligible(url, init)) return response;
    // A refresh that ended after this request left has already renewed the cookies: only repeat the call.
    const renewed = refresher.generation !== before || (await refresher.refresh());
    if (!renewed || init?.signal?.aborted) return response;
    await response.body?.cancel().catch(() => undefined);
    return base(input, init);
  };
}
