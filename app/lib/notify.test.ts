import { describe, expect, it } from "vitest";
import { type Notice, notify } from "./notify.ts";

describe("notify", () => {
  it("hands toasts to the host with the 2000 ms default", () => {
    const seen: Notice[] = [];
    const stop = notify.subscribe((notice) => seen.push(notice));
    notify.toast("Saved");
    notify.toast("Slow", { durationMs: 3000 });
    stop();
    expect(seen.map((n) => n.kind === "toast" && [n.message, n.durationMs])).toEqual([
      ["Saved", 2000],
      ["Slow", 3000],
    ]);
  });

  it("resolves a dialog with the shopper's answer", async () => {
    const stop = notify.subscribe((notice) => {
      if (notice.kind === "dialog") notice.resolve(notice.title === "Leave?");
    });
    await expect(notify.dialog({ title: "Leave?" })).resolves.toBe(true);
    await expect(notify.dialog({ title: "Other" })).resolves.toBe(false);
    stop();
  });

  it("keeps notices raised before the host mounts", () => {
    notify.toast("Early");
    const seen: Notice[] = [];
    const stop = notify.subscribe((notice) => seen.push(notice));
    stop();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.kind === "toast" && seen[0].message).toBe("Early");
  });
});
