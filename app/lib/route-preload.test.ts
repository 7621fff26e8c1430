import { describe, expect, it } from "vitest";
import { createLimiter, routeModulesFor } from "./route-preload.ts";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("route preload limiter (spec 9: at most 4 route preloads in parallel)", () => {
  it("never runs more than 4 at once, and runs every task in the end", async () => {
    const limiter = createLimiter();
    const tasks = Array.from({ length: 10 }, () => deferred());
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const done = tasks.map((task, index) =>
      limiter.run(async () => {
        started.push(index);
        running++;
        most = Math.max(most, running);
        await task.promise;
        running--;
      }),
    );
    expect(limiter.active).toBe(4);
    expect(limiter.waiting).toBe(6);
    // Finishing one starts the newest waiting one (the link the shopper reached last).
    tasks[0]?.resolve();
    await done[0];
    await Promise.resolve();
    expect(started.at(-1)).toBe(9);
    expect(limiter.active).toBe(4);
    for (const task of tasks) task.resolve();
    await Promise.all(done);
    expect(most).toBe(4);
    expect(started.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(limiter.active).toBe(0);
  });

  it("a failed preload frees its place", async () => {
    const limiter = createLimiter(1);
    const failing = deferred();
    const first = limiter.run(() => failing.promise);
    const second = limiter.run(async () => "ran");
    expect(limiter.waiting).toBe(1);
    failing.reject(new Error("offline"));
    await expect(first).rejects.toThrow("offline");
    await expect(second).resolves.toBe("ran");
  });
});

describe("route modules of a link", () => {
  const routes = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "routes/home", index: true },
        { id: "routes/help", path: "ucenter/help" },
      ],
    },
  ];
  const globals = {
    __reactRouterDataRouter: { routes },
    __reactRouterManifest: {
      routes: { root: { module: "/assets/root.js" }, "routes/help": { module: "/assets/help.js" } },
    },
  };

  it("lists the modules of every matched route the manifest knows", () => {
    expect(routeModulesFor("/ucenter/help", globals)).toEqual(["/assets/root.js", "/assets/help.js"]);
    // A route not yet in the (lazily discovered) manifest is skipped; an unknown path needs nothing.
    expect(routeModulesFor("/", globals)).toEqual(["/assets/root.js"]);
    expect(routeModulesFor("/nowhere/at/all", globals)).toEqual([]);
    expect(routeModulesFor("/ucenter/help", {})).toEqual([]);
  });
});
