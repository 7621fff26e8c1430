import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isLocale } from "../../../core/constants.ts";
import { parseInput } from "../../http/validate.ts";
import type { RateLimiter } from "../../infra/rate-limit.ts";
import { captchaDigits, opaqueKey, text, userType } from "../account/inputs.ts";
import type { CaptchaService } from "./service.ts";

const CheckQuery = z.object({ captcha: captchaDigits(), captchaKey: opaqueKey() });
const PreValidateQuery = z.object({
  account: text(254),
  captcha: captchaDigits(),
  captchaKey: opaqueKey(),
  userType: userType(),
  lang: z.string().max(8).optional(),
});

/** Normalizes the account a captcha is solved for: e-mails lower-cased, phone numbers as digits. */
export function captchaAccount(account: string): string {
  const trimmed = account.trim().toLowerCase();
  return /^[\d\s+()-]+$/.test(trimmed) ? trimmed.replace(/\D/g, "") : trimmed;
}

/** spec 7: image captcha calls (ADR 0064). */
export function captchaRoutes(
  app: FastifyInstance,
  services: { captcha: CaptchaService; rateLimiter: RateLimiter },
) {
  const { captcha, rateLimiter } = services;

  app.post("/o2user/v1/pub/captcha/generate-image", async (request) => {
    await rateLimiter.hit("captchaGenerateIp", request.ip);
    const generated = await captcha.generate();
    return generated;
  });

  // Checks a captcha without an account; the lastCheckKey it gives can be spent on any one code send.
  app.get("/o2user/v1/pub/decrypt-captcha", { schema: { querystring: CheckQuery } }, async (request) => {
    const query = parseInput(CheckQuery, request.query);
    await rateLimiter.hit("captchaCheckIp", request.ip);
    const lastCheckKey = await captcha.preValidate(query.captchaKey, query.captcha, null);
    return { success: true, lastCheckKey };
  });

  app.get(
    "/iam/hzero/v1/users/captcha/pre-validate",
    { schema: { querystring: PreValidateQuery } },
    async (request) => {
      const query = parseInput(PreValidateQuery, request.query);
      // spec 7: the call names its language; its answers (a wrong captcha) are in that language, not x-lang's.
      const lang = query.lang?.replace("-", "_");
      if (isLocale(lang)) request.ctx.locale = lang;
      await rateLimiter.hit("captchaCheckIp", request.ip);
      const lastCheckKey = await captcha.preValidate(
        query.captchaKey,
        query.captcha,
        captchaAccount(query.account),
      );
      return { lastCheckKey };
    },
  );

  // The client stores this scene locally (spec 7) and shows the matching captcha: ours is always the image.
  app.get("/o2user/v1/pub/query-captcha-scene", async () => ({
    captchaScene: "IMAGE",
    captchaKey: "IMAGE_DIGITS",
    captchaLength: 4,
    obfuscation: "digit-shift",
  }));
}

const DevCaptchaParams = z.object({ captchaKey: opaqueKey() });

/** Outside production only: the answer to a recent captcha, for tests and local development. */
export function captchaDevRoutes(
  app: FastifyInstance,
  services: { captcha: CaptchaService; rateLimiter: RateLimiter },
) {
  app.get("/__dev/captcha/:captchaKey", { schema: { params: DevCaptchaParams } }, async (request) => {
    const { captchaKey } = parseInput(DevCaptchaParams, request.params);
    const answer = services.captcha.devAnswer(captchaKey);
    return { answer };
  });
}
