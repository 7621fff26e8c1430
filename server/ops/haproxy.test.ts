import { createServer, type Server } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { findHaproxy, HaproxyUnavailable, haproxyConfig, startHaproxy } from "./haproxy.ts";

function instance(name: string): Promise<Server> {
  const server = createServer((_request, response) => response.end(name));
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as { port: number }).port;

describe("HAProxy starter", () => {
  it("checks every backend on /readyz and binds the frontend to loopback only", () => {
    const config = haproxyConfig(4100, [{ port: 4001 }, { port: 4002, name: "second" }]);
    expect(config).toContain("bind 127.0.0.1:4100");
    expect(config).toContain("http-check send meth GET uri /readyz");
    expect(config).toContain("server web1 127.0.0.1:4001");
    expect(config).toContain("server second 127.0.0.1:4002");
  });

  // Runs where HAProxy is installed or installable (CI is root); elsewhere it says why it did not run.
  let binary: string | undefined;
  try {
    binary = findHaproxy({ install: false });
  } catch (error) {
    if (!(error instanceof HaproxyUnavailable)) throw error;
  }
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  it.skipIf(!binary)("spreads requests over both instances and stops sending to one that died", async () => {
    const first = await instance("a");
    const second = await instance("b");
    servers.push(first, second);
    const proxy = await startHaproxy([{ port: portOf(first) }, { port: portOf(second) }], { binary });
    try {
      const answers = async () => {
        const seen: string[] = [];
        for (let i = 0; i < 6; i++) seen.push(await (await fetch(`${proxy.base}/`)).text());
        return seen.sort().join("");
      };
      expect(await answers()).toBe("aaabbb");
      first.closeAllConnections();
      first.close();
      await expect.poll(() => proxy.output(), { timeout: 5000 }).toContain("web1 is DOWN");
      expect(await answers()).toBe("bbbbbb");
    } finally {
      await proxy.stop();
    }
  });
});
