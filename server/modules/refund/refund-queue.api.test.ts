import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../../core/i18n/index.ts";
import { messageOutbox } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import { placeAndPay, pricePlan, type Shopper, settle, shopper } from "../checkout/purchase-test-kit.ts";
import { makePng } from "../uploads/test-files.ts";

// The console's refund request queue (issue 29, ADR 0357): a declined request tells the shopper by e-mail in the
// order's language, once; the shopper's screenshot is shown to operators who may read orders, and to nobody else.

const dataDir = mkdtempSync(join(tmpdir(), "roamly-refund-queue-"));
const app = setupTestApp({ DATA_DIR: dataDir });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  await pricePlan(app);
});

async function delivered(lang: string) {
  const who = await shopper(app);
  const code = await placeAndPay(app, who, {}, { lang });
  await settle(app);
  return { who, code };
}

function ask(who: Shopper, code: string, payload: Record<string, unknown>) {
  return app.server.inject({
    method: "POST",
    url: `/o2ord/v1/customer/orders/${code}/refund-requests`,
    headers: who.headers,
    payload,
  });
}

async function mailsTo(email: string) {
  return app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, email));
}

describe("refund request queue (issue 29)", () => {
  it("a declined request e-mails the shopper the operator's reason in the order's language, once", async () => {
    const { who, code } = await delivered("zh_HK");
    const asked = await ask(who, code, { destination: "CARD", reason: "買錯了國家，請退款。" });
    expect(asked.statusCode, asked.body).toBe(200);
    const before = (await mailsTo(who.email)).length;
    const support = await operatorHeaders(app, await createOperator(app, "support"));
    const decline = () =>
      app.server.inject({
        method: "POST",
        url: `/o2adm/v1/refund-requests/${asked.json().id}/decline`,
        headers: support,
        payload: { reason: "The eSIM was used in Japan for 5 days." },
      });
    const [first, second] = await Promise.all([decline(), decline()]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const mails = (await mailsTo(who.email)).slice(before);
    const declined = mails.filter(
      (m) => m.subject === translate("zh_HK", "mail.refundDeclinedSubject", { code }),
    );
    expect(declined).toHaveLength(1);
    expect(declined[0]!.body).toContain("The eSIM was used in Japan for 5 days.");
    expect(declined[0]!.html).toContain('lang="zh-HK"');
  });

  it("shows the request's screenshot to operators, and refuses a shopper's session and unknown requests", async () => {
    const { who, code } = await delivered("en_US");
    const boundary = `----roamly${randomUUID()}`;
    const png = makePng(40, 30);
    const uploaded = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/files?purpose=support",
      headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="screen.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const asked = await ask(who, code, {
      destination: "CREDIT",
      reason: "No signal anywhere in Osaka.",
      screenshot: uploaded.json().mediaUrl,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const url = `/o2adm/v1/refund-requests/${asked.json().id}/screenshot`;

    const support = await operatorHeaders(app, await createOperator(app, "support"));
    const shown = await app.server.inject({ method: "GET", url, headers: support });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toMatch(/^image\//);
    expect(shown.headers["x-content-type-options"]).toBe("nosniff");
    expect(shown.rawPayload.length).toBeGreaterThan(0);

    const asShopper = await app.server.inject({ method: "GET", url, headers: who.headers });
    expect(asShopper.statusCode).toBe(401);
    const unknown = await app.server.inject({
      method: "GET",
      url: `/o2adm/v1/refund-requests/${randomUUID()}/screenshot`,
      headers: support,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
