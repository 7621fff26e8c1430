import { eq, like } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EsimDetail, EsimSummary } from "../../../core/esim.ts";
import {
  esimPackages,
  esims,
  messageOutbox,
  plans,
  sandboxPaymentSessions,
  sandboxSupplierPackages,
} from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createJobRunner } from "../../jobs/runner.ts";
import { isValidIccid, parseActivationCode } from "../../providers/supplier/formats.ts";
import {
  getAs,
  issuedTo,
  orderRow,
  PLAN,
  place,
  placeAndPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { ESIM_PROVISION_JOB, ESIM_USAGE_SYNC_JOB } from "./service.ts";

const app = setupTestApp();
const HOUR = 3_600_000;

beforeAll(async () => {
  await pricePlan(app);
});

afterEach(() => {
  app.services.esimSandbox!.setFailureRate(0);
});

async function mail(to: string) {
  return app.database.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.to, to))
    .orderBy(messageOutbox.createdAt);
}

function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function deliveredEsim(who: Shopper): Promise<EsimDetail> {
  const code = await placeAndPay(app, who);
  await settle(app);
  expect((await orderRow(app, code)).status).toBe("COMPLETED");
  const [esim] = await issuedTo(app, who);
  return (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
}

describe("provisioning after payment", () => {
  it("issues one real-format profile per paid unit, completes the order and e-mails QR codes in the order's language", async () => {
    const who = await shopper(app);
    const code = await placeAndPay(app, who, { quantity: 2 }, { lang: "zh_CN" });
    await settle(app);
    const order = await orderRow(app, code);
    expect(order.status).toBe("COMPLETED");

    const issued = await issuedTo(app, who);
    expect(issued).toHaveLength(2);
    expect(new Set(issued.map((e) => e.iccid)).size).toBe(2);
    for (const esim of issued) {
      expect(isValidIccid(esim.iccid)).toBe(true);
      expect(esim.state).toBe("READY");
    }

    const list = await getAs(app, who, "/o2esim/v1/customer/esims?page=0&size=10", "zh_CN");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalElements: 2, numberOfElements: 2 });
    const [first] = list.json().content as EsimSummary[];
    const [plan] = await app.database.db.select().from(plans).where(eq(plans.platformProductCode, PLAN));
    expect(first!.label).toBe(plan!.title.zh_CN);
    expect(first!.packages).toHaveLength(1);
    expect(first!.packages[0]).toMatchObject({
      orderCode: code,
      state: "NOT_STARTED",
      dataTotalMb: plan!.dataMb,
      dataUsedMb: 0,
      validityDays: plan!.validityDays,
      topUp: false,
      activatedAt: null,
    });
    expect(first).toMatchObject({
      dataTotalMb: plan!.dataMb,
      dataUsedMb: 0,
      daysLeft: null,
      usageUpdatedAt: null,
    });

    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${first!.id}`)).json();
    expect(detail.lpa).toBe(`LPA:1$${detail.smdpAddress}$${detail.matchingId}`);
    expect(parseActivationCode(detail.lpa)).toMatchObject({ smdpAddress: detail.smdpAddress });
    expect(detail.installUrls.ios).toBe(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(detail.lpa)}`,
    );
    expect(detail.installUrls.android).toContain(encodeURIComponent(detail.lpa));
    expect(detail.apn.name).toBeTruthy();

    const messages = await mail(who.email);
    const delivery = messages.filter((m) => m.subject === `你的 eSIM 已就绪（订单 ${code}）`);
    expect(delivery).toHaveLength(1);
    const body = delivery[0]!.body;
    for (const esim of issued) {
      expect(body).toContain(esim.iccid);
      expect(body).toContain(`SM-DP+ 地址：${esim.smdpAddress}`);
      expect(body).toContain(`激活码：${esim.matchingId}`);
      expect(body).toContain(`/zh_CN/ucenter/eSIM/${esim.id}`);
    }
    // Each QR code in the HTML is a PNG that decodes to that eSIM's activation code.
    const images = [...delivery[0]!.html!.matchAll(/src="(data:image\/png;base64,[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(images).toHaveLength(2);
    const decoded = images.map(decodeQr).sort();
    expect(decoded).toEqual(issued.map((e) => `LPA:1$${e.smdpAddress}$${e.matchingId}`).sort());

    const orderDetail = await getAs(app, who, `/o2ord/v1/customer/orders/${code}`);
    expect((orderDetail.json().esims as { iccid: string }[]).map((e) => e.iccid).sort()).toEqual(
      issued.map((e) => e.iccid).sort(),
    );
  });

  it("never issues a second profile: a replayed job, a job that died after the supplier answered, two runners at once", async () => {
    const who = await shopper(app);
    // The supplier is down, so the first attempt leaves the order FULFILLING with nothing issued.
    app.services.esimSandbox!.setFailureRate(1);
    const code = await placeAndPay(app, who, { quantity: 2 });
    await settle(app);
    const order = await orderRow(app, code);
    expect(order.status).toBe("FULFILLING");
    expect(await issuedTo(app, who)).toHaveLength(0);
    app.services.esimSandbox!.setFailureRate(0);

    // An earlier attempt got unit 0's profile from the supplier and died before saving it.
    const { supplier } = app.services.esimSandbox!;
    const early = await supplier.provision(
      { productCode: PLAN, dataMb: 3072, validityDays: 30 },
      `order:${order.id}:0`,
    );

    // A duplicated job runs on a second runner at the same time as the first.
    await app.services.jobs.enqueue(
      ESIM_PROVISION_JOB,
      { orderId: order.id },
      { dedupeKey: `dup:${order.id}` },
    );
    const second = createJobRunner({ db: app.database.db });
    app.services.esim.registerJobs(second);
    const later = new Date(Date.now() + HOUR);
    await Promise.all([app.services.jobs.runDue(later), second.runDue(later)]);
    await app.services.jobs.drain(later);

    const issued = await issuedTo(app, who);
    expect(issued).toHaveLength(2);
    expect(issued.find((e) => e.unitIndex === 0)!.iccid).toBe(early.profile.iccid);
    const atSupplier = await app.database.db
      .select()
      .from(sandboxSupplierPackages)
      .where(like(sandboxSupplierPackages.idempotencyKey, `order:${order.id}:%`));
    expect(atSupplier).toHaveLength(2);
    expect(
      await app.database.db.select().from(esimPackages).where(eq(esimPackages.orderId, order.id)),
    ).toHaveLength(2);
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    expect((await mail(who.email)).filter((m) => m.subject.startsWith("Your eSIM is ready"))).toHaveLength(1);
  });

  it("refunds through the payment provider and tells the shopper when the supplier keeps failing", async () => {
    const who = await shopper(app);
    app.services.esimSandbox!.setFailureRate(1);
    const code = await placeAndPay(app, who, {}, { lang: "zh_HK" });
    for (let hour = 0; hour < 12; hour += 1) await settle(app, hour * HOUR + 60_000);
    const order = await orderRow(app, code);
    expect(order.status).toBe("REFUNDED");
    const [session] = await app.database.db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.orderCode, code));
    expect(session!.refundedAmount).toBe(order.total);
    expect(await issuedTo(app, who)).toHaveLength(0);
    const told = (await mail(who.email)).filter((m) => m.subject === `你的 eSIM 未能發出（訂單 ${code}）`);
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain("退款");
    // Nothing was issued, so there is nothing to say was cancelled.
    expect(told[0]!.body).not.toContain("已被取消");
  });
});

describe("top-up", () => {
  it("lands on the same ICCID through checkout and starts when the first plan is used up", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    const code = await placeAndPay(app, who, { topUpIccid: esim.iccid });
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    expect(await issuedTo(app, who)).toHaveLength(1);
    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`)).json();
    expect(detail.iccid).toBe(esim.iccid);
    expect(detail.packages.map((p) => [p.topUp, p.state, p.orderCode])).toEqual([
      [false, "NOT_STARTED", expect.any(String)],
      [true, "NOT_STARTED", code],
    ]);
    expect(detail.dataTotalMb).toBe(2 * detail.packages[0]!.dataTotalMb!);
    expect(
      (await mail(who.email)).some((m) => m.body.includes(`has been added to your eSIM ${esim.iccid}`)),
    ).toBe(true);
    const orderDetail = await getAs(app, who, `/o2ord/v1/customer/orders/${code}`);
    expect(orderDetail.json().esims).toEqual([{ id: esim.id, iccid: esim.iccid, state: "READY" }]);

    // The first plan runs out: the supplier starts the top-up, and the next report shows it.
    const used = await setUsage(esim.iccid, 3072);
    expect(used.packages.map((p) => p.state)).toEqual(["USED_UP", "ACTIVE"]);
    const after: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`)).json();
    expect(after.packages.map((p) => p.state)).toEqual(["USED_UP", "ACTIVE"]);
    expect(after).toMatchObject({ state: "ACTIVE", dataUsedMb: 3072, dataLeftMb: 3072 });
    expect(after.daysLeft).toBe(30);
    const active = await getAs(app, who, "/o2esim/v1/customer/packages?state=ACTIVE");
    expect(active.json().content.map((p: { orderCode: string }) => p.orderCode)).toEqual([code]);
  });

  it("refuses at checkout an ICCID that is not the shopper's (404) or has expired (400)", async () => {
    const owner = await shopper(app);
    const esim = await deliveredEsim(owner);
    const other = await shopper(app);
    const foreign = await place(app, other, { topUpIccid: esim.iccid }, { lang: "zh_CN" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ failed: true, code: "esim.topUp.notFound" });
    expect(foreign.json().message).toBe("该 eSIM 不在你的账户中，无法充值。");
    const unknown = await place(app, owner, { topUpIccid: "8985201000000000009" });
    expect(unknown.statusCode).toBe(404);

    await app.database.db.update(esims).set({ state: "EXPIRED" }).where(eq(esims.id, esim.id));
    const expired = await place(app, owner, { topUpIccid: esim.iccid });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: "esim.topUp.expired" });
    expect(expired.json().message).toContain("expired");
  });
});

async function setUsage(iccid: string, usedMb: number): Promise<EsimSummary> {
  const res = await app.server.inject({
    method: "POST",
    url: "/__dev/esim/usage",
    headers: { "x-requested-with": "fetch" },
    payload: { iccid, usedMb },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("usage", () => {
  it("moves data used, sends the 80 % notice once with a top-up link, and the end-of-plan notice once", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    const low = () =>
      mail(who.email).then((all) => all.filter((m) => m.subject.startsWith("You've used 80% of your data")));

    const half = await setUsage(esim.iccid, 1000);
    expect(half).toMatchObject({ state: "ACTIVE", dataUsedMb: 1000, dataLeftMb: 3072 - 1000, daysLeft: 30 });
    expect(half.usageUpdatedAt).not.toBeNull();
    expect(await low()).toHaveLength(0);

    const high = await setUsage(esim.iccid, 2500);
    expect(high).toMatchObject({ dataUsedMb: 2500, dataLeftMb: 572 });
    await setUsage(esim.iccid, 2600);
    await app.services.jobs.enqueue(ESIM_USAGE_SYNC_JOB, {}, { dedupeKey: `test-sync:${esim.id}` });
    await settle(app);
    const notices = await low();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain("2.4 GB of 3 GB");
    // The top-up button opens the eSIM's top-up picker, its own plan preselected (issue 12).
    expect(notices[0]!.body).toContain(`/ucenter/eSIM/${esim.id}/top-up`);
    expect(notices[0]!.html).toContain(`/ucenter/eSIM/${esim.id}/top-up`);

    // 31 days on, the plan has ended: the eSIM is expired and the customer is told once.
    const ended = new Date(Date.now() + 31 * 24 * HOUR);
    await app.services.esim.syncUsage({ now: ended, iccid: esim.iccid });
    await app.services.esim.syncUsage({ now: ended, iccid: esim.iccid });
    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`)).json();
    expect(detail.state).toBe("EXPIRED");
    expect(detail.packages[0]!.state).toBe("EXPIRED");
    const over = (await mail(who.email)).filter((m) => m.subject.startsWith("Your data plan has ended"));
    expect(over).toHaveLength(1);
    expect(over[0]!.body).toContain(`/ucenter/eSIM/${esim.id}/top-up`);
    expect(over[0]!.body).toContain(esim.iccid.slice(-4));
    expect(await low()).toHaveLength(1);
  });

  it("shows an eSIM as installed once the supplier reports the profile downloaded, before any data moves", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    await app.services.esim.syncUsage({ iccid: esim.iccid });
    expect((await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`)).json().state).toBe("READY");

    // The phone downloads the profile (the sandbox tool); no package has started yet.
    const downloaded = await app.server.inject({
      method: "POST",
      url: "/__dev/esim/installed",
      headers: { "x-requested-with": "fetch" },
      payload: { iccid: esim.iccid },
    });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.json()).toMatchObject({ iccid: esim.iccid, state: "INSTALLED" });
    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`)).json();
    expect(detail.state).toBe("INSTALLED");
    expect(detail.packages.map((p) => p.state)).toEqual(["NOT_STARTED"]);
    const [row] = await app.database.db.select().from(esims).where(eq(esims.id, esim.id));
    expect(row!.installedAt).not.toBeNull();
    const list = (await getAs(app, who, "/o2esim/v1/customer/esims")).json();
    expect(list.content.map((e: EsimSummary) => e.state)).toEqual(["INSTALLED"]);

    // Data then moves: in use.
    expect((await setUsage(esim.iccid, 10)).state).toBe("ACTIVE");

    const unknown = await app.server.inject({
      method: "POST",
      url: "/__dev/esim/installed",
      headers: { "x-requested-with": "fetch" },
      payload: { iccid: "8985201000000000009" },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await app.server.inject({
      method: "POST",
      url: "/__dev/esim/installed",
      headers: { "x-requested-with": "fetch" },
      payload: { iccid: "12" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("pulls usage on a schedule: each run of the periodic job queues the next one", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    const slot = 600_000; // ESIM_USAGE_SYNC_MS's default, which the test app uses
    const usedMb = async () =>
      ((await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`)).json() as EsimDetail).dataUsedMb;
    const { esimSandbox, jobs } = app.services;

    // The supplier's figures move; nobody asks for a sync: the job queued at start-up (as the server does outside
    // tests) pulls them.
    await app.services.esim.scheduleUsageSync(new Date());
    const first = new Date(Date.now() + 2 * slot);
    expect(await esimSandbox!.setUsage(esim.iccid, 300, new Date())).toBe(true);
    expect(await usedMb()).toBe(0);
    await jobs.drain(first);
    expect(await usedMb()).toBe(300);

    // That run queued the next one, which pulls the next change.
    expect(await esimSandbox!.setUsage(esim.iccid, 900, first)).toBe(true);
    await jobs.drain(first);
    expect(await usedMb()).toBe(300);
    await jobs.drain(new Date(first.getTime() + 2 * slot));
    expect(await usedMb()).toBe(900);
  });

  it("lets the sandbox consume data over time once a package is active", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    const { esimSandbox } = app.services;
    // Starting the package through the sandbox without pinning its usage: simulate an attach, then time passes.
    await app.database.db
      .update(sandboxSupplierPackages)
      .set({
        state: "ACTIVE",
        activatedAt: new Date(),
        simulatedTo: new Date(),
        expiresAt: new Date(Date.now() + 30 * 24 * HOUR),
      })
      .where(eq(sandboxSupplierPackages.iccid, esim.iccid));
    const usage = await esimSandbox!.supplier.usage(esim.iccid, new Date(Date.now() + 10 * HOUR));
    expect(usage.packages[0]!.usedMb).toBeGreaterThan(0);
    expect(usage.packages[0]!.state).toBe("ACTIVE");
  });
});

describe("the eSIM API", () => {
  it("marks an eSIM installed: READY → INSTALLED", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    expect(esim.state).toBe("READY");
    const res = await app.server.inject({
      method: "POST",
      url: `/o2esim/v1/customer/esims/${esim.id}/installed`,
      headers: { ...who.headers, "x-requested-with": "fetch" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe("INSTALLED");
  });

  it("gives a profile with a confirmation code an LPA that asks for it, in the codes and the one-tap link", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    await app.database.db.update(esims).set({ confirmationCode: "4821" }).where(eq(esims.id, esim.id));
    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`)).json();
    expect(detail.confirmationCode).toBe("4821");
    expect(detail.lpa).toBe(`LPA:1$${detail.smdpAddress}$${detail.matchingId}$$1`);
    expect(parseActivationCode(detail.lpa)).toMatchObject({ confirmationCodeRequired: true });
    expect(new URL(detail.installUrls.ios).searchParams.get("carddata")).toBe(detail.lpa);
    expect(new URL(detail.installUrls.android).searchParams.get("carddata")).toBe(detail.lpa);
  });

  it("answers 404 for another customer's eSIM, 401 without a session, 400 for bad input", async () => {
    const owner = await shopper(app);
    const esim = await deliveredEsim(owner);
    const other = await shopper(app);
    const foreign = await getAs(app, other, `/o2esim/v1/customer/esims/${esim.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ failed: true, code: "esim.notFound" });
    const install = await app.server.inject({
      method: "POST",
      url: `/o2esim/v1/customer/esims/${esim.id}/installed`,
      headers: { ...other.headers, "x-requested-with": "fetch" },
    });
    expect(install.statusCode).toBe(404);
    expect((await getAs(app, other, "/o2esim/v1/customer/esims")).json()).toMatchObject({ totalElements: 0 });
    expect((await getAs(app, other, "/o2esim/v1/customer/packages")).json()).toMatchObject({
      totalElements: 0,
    });

    // Page loaders call the service in-process, without the route's validation.
    await expect(app.services.esim.getEsim(owner.id, "not-a-uuid", "en_US")).rejects.toMatchObject({
      status: 404,
    });

    const anonymous = await app.server.inject({ method: "GET", url: "/o2esim/v1/customer/esims" });
    expect(anonymous.statusCode).toBe(401);

    expect((await getAs(app, owner, "/o2esim/v1/customer/esims/not-a-uuid")).statusCode).toBe(400);
    expect((await getAs(app, owner, "/o2esim/v1/customer/esims?page=-1")).statusCode).toBe(400);
    expect((await getAs(app, owner, "/o2esim/v1/customer/packages?state=LOST")).statusCode).toBe(400);
    const badUsage = await app.server.inject({
      method: "POST",
      url: "/__dev/esim/usage",
      headers: { "x-requested-with": "fetch" },
      payload: { iccid: "123", usedMb: -1 },
    });
    expect(badUsage.statusCode).toBe(400);
  });
});
