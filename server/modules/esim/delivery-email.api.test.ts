import type { AddressInfo } from "node:net";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { createJobRunner } from "../../jobs/runner.ts";
import { createMessageDelivery } from "../../providers/messages/delivery.ts";
import { createSmtpTransport } from "../../providers/messages/email-transport.ts";
import { deliveryEmail } from "./emails.ts";
import type { EsimRow } from "./repo.ts";

const app = setupTestApp();
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push(Buffer.concat(chunks).toString());
      callback();
    });
  },
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const esim = {
  id: "7d4c8a4e-1f6b-4a53-9a55-0b7d2b9f3c11",
  iccid: "8985201123456789014",
  smdpAddress: "smdp.sandbox.roamly.example",
  matchingId: "K7Q2-9XHD-M4TR-2B8W",
  confirmationCode: null,
  apnName: "roamly",
} as EsimRow;

describe("the eSIM delivery e-mail over SMTP", () => {
  it("carries the QR code as an inline PNG attachment that decodes to the activation code, and a text part", async () => {
    const message = await deliveryEmail(
      { code: "ORD261121ABCDEFGH", planTitle: "日本 3GB 30天", contactEmail: "traveller@example.com" },
      [esim],
      "zh_HK",
      "https://shop.example",
    );
    expect(message.body).toContain(
      "https://shop.example/zh_HK/ucenter/eSIM/7d4c8a4e-1f6b-4a53-9a55-0b7d2b9f3c11",
    );
    expect(message.body).toContain("SM-DP+ 地址：smdp.sandbox.roamly.example");
    expect(message.body).toContain("啟用碼：K7Q2-9XHD-M4TR-2B8W");
    await app.services.outbox.send(message);
    const runner = createJobRunner({ db: app.database.db });
    const delivery = createMessageDelivery({
      db: app.database.db,
      email: createSmtpTransport(`smtp://127.0.0.1:${port}`, "Roamly eSIM <no-reply@roamly.example>"),
    });
    delivery.registerJobs(runner);
    expect(await runner.drain()).toBe(1);
    delivery.close();

    expect(received).toHaveLength(1);
    const raw = received[0]!;
    expect(raw).toMatch(/Content-Type: text\/plain/);
    // The designed e-mail (issue 12): responsive (a viewport, a 600 px column), the brand, in the order's language.
    expect(message.html).toContain(`lang="zh-HK"`);
    expect(message.html).toMatch(/name="viewport"/);
    expect(message.html).toMatch(/max-width:600px/);
    expect(message.html).toContain("Roamly");
    expect(message.body).toContain("您的 eSIM 已準備好");
    expect(raw).toMatch(/Content-Type: text\/html/);
    // The data: URL became a cid: reference to an inline image part (mail clients block data: URLs).
    expect(raw).not.toContain("data:image/png");
    const cid = /Content-ID: <([^>]+)>/.exec(raw)?.[1];
    expect(cid).toBeTruthy();
    const image = /Content-Type: image\/png[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(raw)?.[1];
    const png = PNG.sync.read(Buffer.from(image!.replace(/\s+/g, ""), "base64"));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(
      "LPA:1$smdp.sandbox.roamly.example$K7Q2-9XHD-M4TR-2B8W",
    );
  });
});

describe("the eSIM delivery e-mail's codes", () => {
  it("carries the confirmation code, the LPA that asks for it, and Apple's one-tap link for that LPA", async () => {
    const withCode = { ...esim, confirmationCode: "4821" } as EsimRow;
    const message = await deliveryEmail(
      { code: "ORD261121ABCDEFGH", planTitle: "Japan 3GB 30 days", contactEmail: "traveller@example.com" },
      [withCode],
      "en_US",
      "https://shop.example",
    );
    const lpa = "LPA:1$smdp.sandbox.roamly.example$K7Q2-9XHD-M4TR-2B8W$$1";
    const oneTap = `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
    expect(message.body).toContain("Confirmation code: 4821");
    expect(message.body).toContain(lpa);
    // The text part comes from the same template as the HTML (ADR 0250): each link's label, then its address.
    expect(message.body).toContain(`Install on iPhone (iOS 17.4 or later) ${oneTap}`);
    expect(message.body).toContain("https://shop.example/ucenter/eSIM/7d4c8a4e-1f6b-4a53-9a55-0b7d2b9f3c11");
    const html = message.html!;
    const hrefs = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[1]!.replaceAll("&amp;", "&"),
      m[2],
    ]);
    expect(hrefs).toContainEqual([oneTap, "Install on iPhone (iOS 17.4 or later)"]);
    const qr = /src="data:image\/png;base64,([^"]+)"/.exec(html)![1]!;
    const png = PNG.sync.read(Buffer.from(qr, "base64"));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(lpa);
  });
});
