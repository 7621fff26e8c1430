import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getAs,
  issuedTo,
  orderRow,
  placeAndPay,
  pricePlan,
  settle,
  shopper,
} from "../server/modules/checkout/purchase-test-kit.ts";
import { isValidIccid, parseActivationCode } from "../server/providers/supplier/formats.ts";
import { setupTestApp } from "../test/api.ts";
import { type ChosenStandin, startChosenStandin } from "./supplier-standin.ts";

// What `npm start` does with SUPPLIER_PROVIDER=esimaccess ESIMACCESS_BASE_URL=standin (ADR 0195): the stand-in
// runs as its own process with a package for every plan on sale, and the store's own plans sell through it.

const env: Record<string, string | undefined> = {
  SUPPLIER_PROVIDER: "esimaccess",
  ESIMACCESS_BASE_URL: "standin",
  STANDIN_ALLOCATE_AFTER_MS: "0",
  STANDIN_ALLOCATE_AFTER_QUERIES: "2",
  STANDIN_RATE_PER_SECOND: "1000",
};
let standin: ChosenStandin | null = null;

beforeAll(async () => {
  standin = await startChosenStandin(env);
});
afterAll(() => standin?.stop());

const app = setupTestApp(() => ({
  SUPPLIER_PROVIDER: "esimaccess",
  ESIMACCESS_BASE_URL: env.ESIMACCESS_BASE_URL!,
  ESIMACCESS_ACCESS_CODE: env.ESIMACCESS_ACCESS_CODE!,
  ESIMACCESS_SECRET: env.ESIMACCESS_SECRET!,
}));

beforeAll(async () => {
  await pricePlan(app);
  await standin!.afterStart({ database: app.database });
});

describe("npm start with the eSIM Access stand-in", () => {
  it("starts the stand-in with generated credentials, and a plan on sale is delivered through it", async () => {
    expect(env.ESIMACCESS_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env.ESIMACCESS_SECRET).toMatch(/^[0-9a-f]{48}$/);
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    // The first query finds nothing allocated; the poll after it does.
    await settle(app);
    await settle(app, 120_000);
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    const [esim] = await issuedTo(app, who);
    expect(esim!.supplier).toBe("esimaccess");
    expect(isValidIccid(esim!.iccid)).toBe(true);
    const detail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
    expect(parseActivationCode(detail.lpa)).not.toBeNull();
  });
});
