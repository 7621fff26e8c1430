import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError } from "../../http/errors.ts";
import { clearSessionCookies, deliverTokens, requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import { IDENTITY_PROVIDERS } from "../../providers/identity/types.ts";
import type { Services } from "../../services.ts";
import { accountDevRoutes } from "./dev-routes.ts";
import {
  agreed,
  businessScope,
  type Contact,
  captchaDigits,
  contactOf,
  email,
  encryptedPassword,
  locale,
  opaqueKey,
  phone,
  telCode,
  text,
  userType,
  verificationCode,
  withContact,
} from "./inputs.ts";
import type { Client } from "./service.ts";

function client(request: FastifyRequest, lang?: string): Client {
  const fromQuery = lang?.replace("-", "_");
  const locale =
    fromQuery === "en_US" || fromQuery === "zh_CN" || fromQuery === "zh_HK" ? fromQuery : request.ctx.locale;
  return { ip: request.ip, userAgent: request.headers["user-agent"], locale };
}

const contact = (fields: Parameters<typeof contactOf>[0]): Contact => contactOf(fields)!;

/** Captcha proof accepted by the code sends: the image captcha itself or a lastCheckKey (ADR 0064). */
const captchaProof = {
  captcha: captchaDigits().optional(),
  captchaKey: opaqueKey().optional(),
  lastCheckKey: opaqueKey().optional(),
  captchaVerifyParam: z.string().max(2000).optional(),
  userType: userType(),
  lang: z.string().max(8).optional(),
};

const SendEmailCode = z.object({ email: email(), ...captchaProof, businessScope: businessScope() });
const SendPhoneCode = z.object({
  phone: phone(),
  internationalTelCode: telCode(),
  ...captchaProof,
  businessScope: businessScope(),
});
const FindPasswordEmail = z.object({ email: email(), ...captchaProof });
const ValidAccount = withContact({});

const Register = withContact({
  captcha: verificationCode(),
  captchaKey: opaqueKey().optional(),
  password: encryptedPassword(),
  nickName: text(32).optional(),
  defaultLanguage: locale().optional(),
  preferenceCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/, "account.field.invalid")
    .optional(),
  protocolAgreed: agreed(),
});
const PasswordLogin = z.object({
  account: text(254),
  internationalTelCode: telCode().optional(),
  password: encryptedPassword(),
  // ADR 0187: an image captcha, once the account has had too many wrong passwords.
  ...captchaProof,
});
const CodeLogin = withContact({ captcha: verificationCode(), captchaKey: opaqueKey().optional() });
const ResetPassword = withContact({
  captcha: verificationCode(),
  captchaKey: opaqueKey().optional(),
  password: encryptedPassword(),
});
const Refresh = z.object({ refreshToken: z.string().max(200).optional() });
const CustomerInfoUpdate = z
  .object({
    nickName: text(32).optional(),
    defaultLanguage: locale().optional(),
    preferenceCurrency: z
      .string()
      .regex(/^[A-Z]{3}$/, "account.field.invalid")
      .optional(),
  })
  .strict();
const DeleteAccount = z.object({
  password: encryptedPassword().optional(),
  captcha: verificationCode().optional(),
  captchaKey: opaqueKey().optional(),
});

const socialToken = {
  provider: z.enum(IDENTITY_PROVIDERS, { error: "account.field.invalid" }),
  openAccessToken: text(8192),
  nonce: z.string().max(255).optional(),
  channel: z.string().max(32).optional(),
  clientId: z.string().max(255).optional(),
};
const OpenToken = z.object({
  grantType: z.literal("implicit", { error: "account.field.invalid" }).optional(),
  ...socialToken,
});
const RegisterBindLogin = z.object(socialToken);
const Bind = withContact({
  ...socialToken,
  password: encryptedPassword().optional(),
  captcha: verificationCode().optional(),
  captchaKey: opaqueKey().optional(),
  protocolAgreed: agreed(),
});

/** An account is an e-mail when it has an @, else a phone number (with internationalTelCode). */
function loginContact(account: string, internationalTelCode?: string): Contact {
  if (account.includes("@")) return { kind: "email", email: account.toLowerCase() };
  const digits = account.replace(/\D/g, "");
  if (!internationalTelCode || !/^\d{4,15}$/.test(digits)) {
    throw new ApiError(400, "error.badRequest", {
      fields: internationalTelCode
        ? { account: "account.field.invalid" }
        : { internationalTelCode: "account.field.required" },
    });
  }
  return { kind: "phone", phone: digits, internationalTelCode };
}

/** spec 7 account calls, and the ones it leaves "not shown" in the same style (ADR 0060). */
export function accountRoutes(app: FastifyInstance, services: Services) {
  const { account, social } = services;
  // Sandbox tools (expire a target's codes) exist only where the other /__dev tools do.
  if (services.sandbox) accountDevRoutes(app, services.sandbox.codes);

  // spec 6: the register link shows only when phone or email registration is enabled.
  app.get("/o2user/v1/pub/customer/public-key", async () => ({
    publicKey: await account.publicKey(),
    data: account.registrationSwitches(),
  }));
  app.get("/o2cum/v1/pub/customer-register/public-key", async () => ({
    publicKey: await account.publicKey(),
  }));

  const sendInput = (request: FastifyRequest) => (request.method === "GET" ? request.query : request.body);
  for (const method of ["GET", "POST"] as const) {
    app.route({
      method,
      url: "/o2user/v1/pub/send-email-captcha-always",
      handler: async (request) => {
        const input = parseInput(SendEmailCode, sendInput(request));
        return account.sendCode(
          { kind: "email", email: input.email },
          input.businessScope,
          input,
          client(request, input.lang),
          await request.ctx.customer(),
        );
      },
    });
    app.route({
      method,
      url: "/o2user/v1/pub/send-phone-captcha-always",
      handler: async (request) => {
        const input = parseInput(SendPhoneCode, sendInput(request));
        return account.sendCode(
          { kind: "phone", phone: input.phone, internationalTelCode: input.internationalTelCode },
          input.businessScope,
          input,
          client(request, input.lang),
          await request.ctx.customer(),
        );
      },
    });
  }
  app.get(
    "/o2user/v1/pub/hzero/users/find-password-email/send-captcha",
    { schema: { querystring: FindPasswordEmail } },
    async (request) => {
      const input = parseInput(FindPasswordEmail, request.query);
      return account.sendCode(
        { kind: "email", email: input.email },
        "RESET_PASSWORD",
        input,
        client(request, input.lang),
        null,
      );
    },
  );

  app.get(
    "/o2cum/v1/pub/customer/valid-account",
    { schema: { querystring: ValidAccount } },
    async (request) => {
      const input = parseInput(ValidAccount, request.query);
      return account.accountAvailable(contact(input), client(request));
    },
  );
  app.get("/o2cum/v1/pub/customer/check-new-active", async (request) =>
    account.newActive(await request.ctx.customer()),
  );

  app.post("/o2cum/v1/pub/customer/register", { schema: { body: Register } }, async (request, reply) => {
    const input = parseInput(Register, request.body);
    const result = await account.register(
      {
        contact: contact(input),
        code: input.captcha,
        captchaKey: input.captchaKey,
        password: input.password,
        nickName: input.nickName,
        defaultLanguage: input.defaultLanguage,
        preferenceCurrency: input.preferenceCurrency,
      },
      client(request),
    );
    return deliverTokens(request, reply, result);
  });

  app.post("/o2cum/v1/pub/customer/login", { schema: { body: PasswordLogin } }, async (request, reply) => {
    const input = parseInput(PasswordLogin, request.body);
    const result = await account.loginWithPassword(
      loginContact(input.account, input.internationalTelCode),
      input.password,
      client(request),
      { captcha: input.captcha, captchaKey: input.captchaKey, lastCheckKey: input.lastCheckKey },
    );
    return deliverTokens(request, reply, result);
  });

  app.post(
    "/o2cum/v1/pub/customer/login-by-code",
    { schema: { body: CodeLogin } },
    async (request, reply) => {
      const input = parseInput(CodeLogin, request.body);
      const result = await account.loginWithCode(
        contact(input),
        input.captcha,
        input.captchaKey,
        client(request),
      );
      return deliverTokens(request, reply, result);
    },
  );

  app.post("/o2cum/v1/pub/customer/refresh-token", { schema: { body: Refresh } }, async (request, reply) => {
    const input = parseInput(Refresh, request.body);
    const refreshToken = input.refreshToken ?? request.ctx.refreshToken ?? undefined;
    if (!refreshToken) throw new ApiError(401, "account.refreshInvalid");
    try {
      return deliverTokens(request, reply, await account.refresh(refreshToken, client(request)));
    } catch (error) {
      if (!input.refreshToken) clearSessionCookies(request, reply);
      throw error;
    }
  });

  app.post("/o2cum/v1/pub/customer/reset-password", { schema: { body: ResetPassword } }, async (request) => {
    const input = parseInput(ResetPassword, request.body);
    return account.resetPassword(
      contact(input),
      input.captcha,
      input.captchaKey,
      input.password,
      client(request),
    );
  });

  app.get("/o2cum/v1/customer/logout", async (request, reply) => {
    await account.logout({
      accessToken: request.ctx.sessionToken?.token,
      refreshToken: request.ctx.refreshToken ?? undefined,
    });
    clearSessionCookies(request, reply);
    return { success: true };
  });

  app.get("/o2cum/v1/customer-info", async (request) => account.customerInfo(await requireCustomer(request)));
  app.put("/o2cum/v1/customer-info", { schema: { body: CustomerInfoUpdate } }, async (request) => {
    const customer = await requireCustomer(request);
    const input = parseInput(CustomerInfoUpdate, request.body);
    return account.updateCustomerInfo(customer, input);
  });

  app.post(
    "/o2cum/v1/customer/delete-account",
    { schema: { body: DeleteAccount } },
    async (request, reply) => {
      const customer = await requireCustomer(request);
      const input = parseInput(DeleteAccount, request.body);
      const result = await account.deleteAccount(
        customer,
        { password: input.password, code: input.captcha, captchaKey: input.captchaKey },
        client(request),
      );
      clearSessionCookies(request, reply);
      return result;
    },
  );

  // ADR 0164: the client IDs the browser's provider SDKs sign in with (public values; null = not configured).
  app.get("/o2cum/v1/pub/social-login/clients", async () => social.clients());
  app.post(
    "/o2cum/v1/pub/social-login/open-token",
    { schema: { body: OpenToken } },
    async (request, reply) => {
      const input = parseInput(OpenToken, request.body);
      return deliverTokens(request, reply, await social.openToken(input, client(request)));
    },
  );
  app.post(
    "/o2cum/v1/pub/social-login/register-bind-login",
    { schema: { body: RegisterBindLogin } },
    async (request, reply) => {
      const input = parseInput(RegisterBindLogin, request.body);
      return deliverTokens(request, reply, await social.registerBindLogin(input, client(request)));
    },
  );
  app.post("/o2cum/v1/pub/social-login/bind", { schema: { body: Bind } }, async (request, reply) => {
    const input = parseInput(Bind, request.body);
    const result = await social.bind(
      input,
      {
        contact: contact(input),
        password: input.password,
        code: input.captcha,
        captchaKey: input.captchaKey,
      },
      client(request),
    );
    return deliverTokens(request, reply, result);
  });
}
