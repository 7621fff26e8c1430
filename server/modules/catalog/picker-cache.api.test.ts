import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { countQueries } from "../../../test/queries.ts";
import { consoleApi, createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";

/*
 * ADR 0281: the destination picker's "from" prices are computed once per type and currency and kept in the
 * shared cache. A console change to a plan's price clears them: the next picker shows the new lowest price.
 */
const app = setupTestApp();
let operator: Record<string, string>;
beforeAll(async () => {
  operator = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});

describe("the destination picker after a console change (ADR 0281)", () => {
  it("shows a plan's new lowest price, and the cached picker before it", async () => {
    const api = consoleApi(app, () => operator);
    const japan = async () =>
      (await app.services.catalog.destinationPicker("COUNTRY", "HKD", "en_US")).find((d) => d.code === "JP");
    await japan();
    let before: Awaited<ReturnType<typeof japan>>;
    // Warm, the picker asks the database nothing, whatever the catalogue's size.
    expect(
      await countQueries(app, async () => {
        before = await japan();
      }),
    ).toBe(0);
    expect(before?.fromPrice).toBeGreaterThan(1);
    const plans = await app.services.catalog.listPlansForDestination("JP", "HKD", "en_US");
    const cheapest = plans.reduce((a, b) => (b.unitPrice < a.unitPrice ? b : a));
    expect(cheapest.unitPrice).toBe(before?.fromPrice);

    const lower = before!.fromPrice - 1;
    await api("PUT", `/catalog/plans/${cheapest.platformProductCode}/prices`, {
      prices: [{ currencyCode: "HKD", unitPrice: lower, displayPrice: null }],
    });
    expect((await japan())?.fromPrice).toBe(lower);
    // Another language reads the same entry, localized.
    const zh = await app.services.catalog.destinationPicker("COUNTRY", "HKD", "zh_HK");
    expect(zh.find((d) => d.code === "JP")).toMatchObject({ name: "日本", fromPrice: lower });
  }, 120_000);

  it("still refuses a currency the site does not sell in", async () => {
    await expect(app.services.catalog.destinationPicker("COUNTRY", "XXX", "en_US")).rejects.toMatchObject({
      code: "catalog.currencyUnsupported",
    });
  });
});
