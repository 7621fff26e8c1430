import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Locale } from "../../../core/constants.ts";
import { readCookie } from "../../../core/cookies.ts";
import {
  billingAddressSchema,
  bindSchema,
  codeLoginSchema,
  customerInfoSchema,
  deleteAccountSchema,
  passwordLoginShape,
  registerSchema,
  resetPasswordSchema,
  SEALED_PASSWORD,
} from "../../../core/forms/account.ts";
import { isInviteCode } from "../../../core/ids.ts";
import { INVITE_COOKIE } from "../../../core/sfb.ts";
import type { BillingAddress } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import { clearSessionCookies, deliverTokens, requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import { IDENTITY_PROVIDERS } from "../../providers/identity/types.ts";
import type { RegionService } from "../region/service.ts";
import { accountDevRoutes } from "./dev-routes.ts";
import {
  businessScope,
  type Contact,
  captchaDigits,
  contactOf,
  contactSchema,
  email,
  opaqueKey,
  phone,
  telCode,
  text,
  userType,
} from "./inputs.ts";
import type { AccountService, Client } from "./service.ts";
import type { SocialLogin } from "./social.ts";
import type { VerificationCodes } from "./verification-codes.ts";

function client(request: FastifyRequest, lang?: string): Client {
  const fromQuery = lang?.replace("-", "_");
  const locale =
    fromQuery === "en_US" || fromQuery === "zh_CN" || fromQuery === "zh_HK" ? fromQuery : request.ctx.locale;
  const invite = readCookie(request.headers.cookie, INVITE_COOKIE);
  return {
    ip: request.ip,
    userAgent: request.headers["user-agent"],
    locale,
    // The invite code kept from a friend's landing page through sign-up (ADR 0242).
    inviteCode: isInviteCode(invite) ? invite : undefined,
  };
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
const ValidAccount = contactSchema();

// The account forms: one schema each, shared with the browser (core/forms/account.ts, ADR 0207).
const Register = registerSchema(SEALED_PASSWORD);
const PasswordLogin = z.object({
  ...passwordLoginShape(SEALED_PASSWORD),
  // ADR 0187: an image captcha, once the account has had too many wrong passwords.
  ...captchaProof,
});
const CodeLogin = codeLoginSchema();
const ResetPassword = resetPasswordSchema(SEALED_PASSWORD);
const Refresh = z.object({ refreshToken: z.string().max(200).optional() });
const CustomerInfoUpdate = customerInfoSchema();
const BillingAddressInput = billingAddressSchema();
const DeleteAccount = deleteAccountSchema(SEALED_PASSWORD);

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
const Bind = bindSchema(SEALED_PASSWORD, socialToken);

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
export function accountRoutes(
  app: FastifyInstance,
  services: {
    account: AccountService;
    region: RegionService;
    sandbox: { codes: VerificationCodes } | null;
    social: SocialLogin;
  },
) {
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
      schema: method === "GET" ? { querystring: SendEmailCode } : { body: SendEmailCode },
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
      schema: method === "GET" ? { querystring: SendPhoneCode } : { body: SendPhoneCode },
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
        {
          protocolAgreed: input.protocolAgreed,
          defaultLanguage: input.defaultLanguage,
          preferenceCurrency: input.preferenceCurrency,
        },
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

  // The billing address (ADR 0215): picked region → city → district, completed at the last level, plus a street.
  const pickedBillingAddress = async (locale: Locale, address: BillingAddress | null) => {
    if (!address) return null;
    const picked = await services.region.resolve(locale, address);
    return picked ? { ...picked, street: address.street } : null;
  };
  app.get("/o2cum/v1/customer/billing-address", async (request) => {
    const customer = await requireCustomer(request);
    return { billingAddress: await pickedBillingAddress(request.ctx.locale, customer.billingAddress) };
  });
  app.put(
    "/o2cum/v1/customer/billing-address",
    { schema: { body: BillingAddressInput } },
    async (request) => {
      const customer = await requireCustomer(request);
      const input = parseInput(BillingAddressInput, request.body);
      const picked = await pickedBillingAddress(request.ctx.locale, input);
      if (!picked)
        throw new ApiError(400, "address.incomplete", { fields: { districtCode: "address.incomplete" } });
      await account.setBillingAddress(customer, input);
      return { billingAddress: picked };
    },
  );
  app.delete("/o2cum/v1/customer/billing-address", async (request) => {
    const customer = await requireCustomer(request);
    await account.setBillingAddress(customer, null);
    return { billingAddress: null };
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
