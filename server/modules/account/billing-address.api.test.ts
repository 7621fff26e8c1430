import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { placeAndPay, pricePlan, type Shopper, settle, shopper } from "../checkout/purchase-test-kit.ts";
import { pdfText } from "../invoice/pdf-text.ts";

const app = setupTestApp();
const URL = "/o2cum/v1/customer/billing-address";
const NANSHAN = { regionCode: "440000", cityCode: "440300", districtCode: "440305", street: "1 Keyuan Road" };

beforeAll(async () => {
  await pricePlan(app);
});

const put = (who: Shopper, body: unknown, lang = "en_US") =>
  app.server.inject({
    method: "PUT",
    url: URL,
    headers: { ...who.headers, "x-lang": lang },
    payload: body as object,
  });

async function stored(who: Shopper) {
  const [row] = await app.database.db.select().from(customers).where(eq(customers.id, who.id));
  return row!.billingAddress;
}

describe("the billing address (ADR 0215: picked region → city → district, plus a street)", () => {
  it("stores a complete pick and answers it with the names in the shopper's language", async () => {
    const who = await shopper(app);
    const res = await put(who, NANSHAN, "zh_HK");
    expect(res.statusCode).toBe(200);
    expect(res.json().billingAddress).toEqual({
      ...NANSHAN,
      regionName: "廣東省",
      cityName: "深圳市",
      districtName: "南山區",
    });
    const read = await app.server.inject({
      method: "GET",
      url: URL,
      headers: { ...who.headers, "x-lang": "en_US" },
    });
    expect(read.json().billingAddress).toMatchObject({ regionName: "Guangdong", districtName: "Nanshan" });
    expect(await stored(who)).toEqual(NANSHAN);
  });

  it("refuses a pick that stops before the last level, mixes branches or names a pruned city; nothing is stored", async () => {
    const who = await shopper(app);
    const wrong = [
      { ...NANSHAN, districtCode: "440300" }, // the city again: stops at level 2
      { ...NANSHAN, districtCode: "110101" }, // Dongcheng is Beijing's, not Shenzhen's
      { ...NANSHAN, cityCode: "441900", districtCode: "441900" }, // Dongguan has no districts (spec 5 pruning)
      { regionCode: "820000", cityCode: "820100", districtCode: "820100", street: "x" }, // Macau is pruned
    ];
    for (const body of wrong) {
      const res = await put(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ failed: true, code: "address.incomplete" });
      expect(res.json().message).toBe("Choose a region, a city and a district");
    }
    const blank = await put(who, { ...NANSHAN, street: "   " });
    expect(blank.statusCode).toBe(400);
    expect(await stored(who)).toBeNull();
  });

  it("is removed again, and needs a login", async () => {
    const who = await shopper(app);
    await put(who, NANSHAN);
    const removed = await app.server.inject({ method: "DELETE", url: URL, headers: who.headers });
    expect(removed.json()).toEqual({ billingAddress: null });
    expect(await stored(who)).toBeNull();
    const anonymous = await app.server.inject({ method: "PUT", url: URL, payload: NANSHAN });
    expect(anonymous.statusCode).toBe(401);
  });

  it("is on the invoice under 'Billed to', in the order's language", async () => {
    const who = await shopper(app);
    await put(who, {
      regionCode: "810000",
      cityCode: "810200",
      districtCode: "810203",
      street: "彌敦道 1 號",
    });
    const code = await placeAndPay(app, who, { quantity: 1 }, { lang: "zh_HK" });
    await settle(app);
    const pdf = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}/invoice.pdf`,
      headers: { ...who.headers, "x-lang": "zh_HK" },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).join("\n").replace(/\s+/g, "");
    expect(text).toContain("彌敦道1號");
    expect(text).toContain("香港特別行政區九龍九龍城區");
  });
});
