import { describe, expect, it } from "vitest";
import {
  createLoginStore,
  loginExpired,
  loginStorageKey,
  syncLoginStore,
  toStoredLogin,
} from "./login-store.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const LOGIN = {
  loginTime: 1_000_000,
  expiresIn: 7200,
  user: { loginName: "lin@example.com", nickName: "lin" },
};

describe("stored login info (spec 3)", () => {
  it("is keyed by environment", () => {
    const storage = memoryStorage();
    createLoginStore(storage, "production").save(LOGIN);
    expect(storage.items.has(loginStorageKey("production"))).toBe(true);
    expect(createLoginStore(storage, "test").read(LOGIN.loginTime)).toBeNull();
  });

  it("keeps a login until loginTime plus expiresIn, then drops it on read", () => {
    const storage = memoryStorage();
    const store = createLoginStore(storage, "test");
    store.save(LOGIN);
    expect(store.read(LOGIN.loginTime + 7199_000)).toEqual(LOGIN);
    expect(loginExpired(LOGIN, LOGIN.loginTime + 7200_000)).toBe(true);
    expect(store.read(LOGIN.loginTime + 7200_000)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("keeps only the non-secret fields of a login response", () => {
    const stored = toStoredLogin(
      {
        loginTime: 5,
        expiresIn: 10,
        user: { loginName: "a", nickName: "b" },
        accessToken: "secret",
      } as never,
      0,
    );
    expect(stored).toEqual({ loginTime: 5, expiresIn: 10, user: { loginName: "a", nickName: "b" } });
    expect(JSON.stringify(stored)).not.toContain("secret");
  });

  it("drops unreadable entries and survives a storage that throws", () => {
    const storage = memoryStorage();
    storage.setItem(loginStorageKey("test"), "{not json");
    expect(createLoginStore(storage, "test").read()).toBeNull();
    expect(storage.items.size).toBe(0);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const store = createLoginStore(broken, "test", broken);
    expect(() => store.save(LOGIN)).not.toThrow();
    expect(store.read()).toBeNull();
    expect(store.readThirdParty()).toBeNull();
  });

  it("clear removes the login and the third-party info (spec 4 logout)", () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const store = createLoginStore(local, "test", session);
    store.save(LOGIN);
    store.saveThirdParty({ accessToken: "id-token", email: "a@example.com", provider: "google" });
    expect(store.readThirdParty()?.provider).toBe("google");
    store.clear();
    expect(local.items.size + session.items.size).toBe(0);
  });

  it("follows the server's session: no user clears the cache, a renamed user updates it", () => {
    const store = createLoginStore(memoryStorage(), "test");
    store.save(LOGIN);
    syncLoginStore(store, { loginName: "lin@example.com", nickName: "Lin 2" }, LOGIN.loginTime);
    expect(store.read(LOGIN.loginTime)?.user.nickName).toBe("Lin 2");
    syncLoginStore(store, null, LOGIN.loginTime);
    expect(store.read(LOGIN.loginTime)).toBeNull();
  });
});
