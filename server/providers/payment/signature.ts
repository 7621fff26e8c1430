import { createHmac, timingSafeEqual } from "node:crypto";
import { WebhookSignatureError } from "./types.ts";

/** The sandbox's webhook signature header, shaped like Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";

/** HMAC-SHA256 over `${timestamp}.${rawBody}`, so a replayed body with a fresh timestamp fails. */
export function signPayload(secret: string, rawBody: string | Buffer, timestampS: number): string {
  const mac = createHmac("sha256", secret).update(`${timestampS}.`).update(rawBody).digest("hex");
  return `t=${timestampS},v1=${mac}`;
}

export function verifySignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  options: { nowS: number; toleranceS: number },
) {
  if (!header) throw new WebhookSignatureError("missing signature");
  const parts = new Map(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given))
    throw new WebhookSignatureError("malformed signature");
  if (Math.abs(options.nowS - timestamp) > options.toleranceS)
    throw new WebhookSignatureError("stale signature");
  const expected = signPayload(secret, rawBody, timestamp).split("v1=")[1]!;
  if (!timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex")))
    throw new WebhookSignatureError("signature mismatch");
}
