import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { allowedHostList, type SiteOriginOptions, siteOrigin } from "./site-origin.ts";
import { fastifyTrustProxy } from "./trust-proxy.ts";

// Issue 14.4 / ADR 0186: the origin pages are built on is never a Host the operator did not name.
async function originFor(
  headers: Record<string, string>,
  options: Partial<SiteOriginOptions> = {},
  trustProxy: false | string[] = false,
) {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trustProxy) });
  const settings: SiteOriginOptions = {
    allowedHosts: allowedHostList("localhost,127.0.0.1,[::1],*.roamly.test"),
    fallbackOrigin: "http://localhost:3000",
    ...options,
  };
  app.get("/", async (request) => siteOrigin(request, settings));
  const res = await app.inject({ method: "GET", url: "/", headers, remoteAddress: "127.0.0.1" });
  await app.close();
  return res.body;
}

describe("siteOrigin", () => {
  it("uses PUBLIC_ORIGIN whatever Host or X-Forwarded-Host say", async () => {
    const publicOrigin = "https://shop.roamly.example/ignored-path";
    expect(await originFor({ host: "evil.example" }, { publicOrigin })).toBe("https://shop.roamly.example");
    expect(
      await originFor({ host: "localhost", "x-forwarded-host": "evil.example" }, { publicOrigin }, [
        "loopback",
      ]),
    ).toBe("https://shop.roamly.example");
  });

  it("honours a configured host, with its port", async () => {
    expect(await originFor({ host: "localhost:5173" })).toBe("http://localhost:5173");
    expect(await originFor({ host: "127.0.0.1:3000" })).toBe("http://127.0.0.1:3000");
    expect(await originFor({ host: "[::1]:3000" })).toBe("http://[::1]:3000");
    expect(await originFor({ host: "eu.roamly.test" })).toBe("http://eu.roamly.test");
  });

  it.each([
    "evil.example",
    "evil.example:3000",
    "localhost.evil.example",
    "roamly.test.evil.example",
    "evil.example@localhost",
    "localhost/evil.example",
    "localhost\\evil.example",
    "",
  ])("renders Host %j as the fallback origin", async (host) => {
    expect(await originFor({ host })).toBe("http://localhost:3000");
  });

  it("ignores X-Forwarded-Host and -Proto from a peer that is not a trusted proxy", async () => {
    expect(
      await originFor({
        host: "localhost:3000",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      }),
    ).toBe("http://localhost:3000");
  });

  it("takes X-Forwarded-Host from a trusted proxy, still only for configured hosts", async () => {
    const forwarded = (host: string) =>
      originFor({ host: "localhost:3000", "x-forwarded-host": host, "x-forwarded-proto": "https" }, {}, [
        "loopback",
      ]);
    expect(await forwarded("eu.roamly.test")).toBe("https://eu.roamly.test");
    expect(await forwarded("evil.example")).toBe("http://localhost:3000");
  });
});
