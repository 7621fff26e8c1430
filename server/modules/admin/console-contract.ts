import { z } from "zod";
import { PERMISSIONS, type Permission, ROLES } from "../../../core/console-permissions.ts";
import { opaqueKey } from "../../../core/forms/account.ts";
import { INVALID, personName, text } from "../../../core/forms/fields.ts";
import { CONSOLE_LANGUAGES } from "../../../core/i18n/console/index.ts";
import { consoleContract } from "./contract.ts";

// The console's own endpoints as contracts (issue 33 item 1, ADRs 0407, 0411): the two-step sign-in, enrolment,
// sign-out, the signed-in operator and their language, operators (owner) and the audit log (ADRs 0221-0223, 0312).
// The sign-in pages' forms parse with these very body schemas through Conform.

const Email = z.string().trim().toLowerCase().email().max(254);
/** An authenticator's six digits; spaces typed between them (as apps show "123 456") are dropped. */
const Code = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "validation.invalid"));
const Token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "validation.invalid");
const Password = z.string().min(1).max(256);
const IdParam = z.object({ id: z.uuid() });
const Role = z.enum(ROLES);
const Language = z.enum(CONSOLE_LANGUAGES);
const PERMISSION_NAMES = Object.keys(PERMISSIONS) as [Permission, ...Permission[]];

/** Who is signed in, as the sign-in steps answer it. */
export const CurrentOperator = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: Role,
  language: Language,
});

/** The signed-in operator with what their role may do (the console's navigation reads it). */
export const ConsoleOperator = CurrentOperator.extend({ permissions: z.array(z.enum(PERMISSION_NAMES)) });
export type ConsoleOperator = z.infer<typeof ConsoleOperator>;

/** An operator as the Operators page lists them: never the hash, secret or last step. */
export const OperatorView = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: z.string(),
  status: z.enum(["INVITED", "ACTIVE", "DISABLED"]),
  language: z.string(),
  createdAt: z.string(),
});
export type OperatorView = z.infer<typeof OperatorView>;

/** An invitation (or a new link): the one-time token, also e-mailed to the invitee (ADR 0238). */
export const Invitation = z.object({
  operator: OperatorView,
  invitation: z.object({ token: z.string(), expiresAt: z.string(), emailedTo: z.string() }),
});
export type Invitation = z.infer<typeof Invitation>;

// Signing in (ADR 0221): the password step sets a signed challenge cookie, the TOTP step the session cookie.

export const SignInBody = z.object({
  email: Email,
  password: Password,
  // ADR 0312: the image captcha a sign-in to an operator under attack asks for (its digits obfuscated).
  captcha: text(8)
    .regex(/^\d{4,8}$/, INVALID)
    .optional(),
  captchaKey: opaqueKey().optional(),
});

export const signIn = consoleContract({
  method: "POST",
  path: "/auth/login",
  permission: "public",
  unaudited: "the password step: a signed challenge cookie, no store data",
  body: SignInBody,
  response: z.object({ next: z.literal("totp") }),
});

export const signInCaptcha = consoleContract({
  method: "POST",
  path: "/auth/captcha",
  permission: "public",
  unaudited: "an image captcha for the sign-in page (ADR 0312), no store data",
  response: z.object({
    captchaKey: z.string(),
    image: z.string(),
    obfuscationKey: z.string(),
    expiresIn: z.number(),
  }),
});

export const CodeBody = z.object({ code: Code });

export const verifyCode = consoleContract({
  method: "POST",
  path: "/auth/totp",
  permission: "public",
  unaudited: "a sign-in: the session table records it, no store data changes",
  body: CodeBody,
  response: z.object({ operator: CurrentOperator }),
});

// Enrolment: an invited operator's one-time link.

export const openEnrolment = consoleContract({
  method: "POST",
  path: "/auth/enrolment/open",
  permission: "public",
  unaudited: "reads the invitation a one-time link names",
  body: z.object({ token: Token }),
  response: z.object({
    email: z.string(),
    displayName: z.string(),
    role: z.string(),
    secret: z.string(),
    otpauthUri: z.string(),
  }),
});

export const EnrolmentBody = z.object({ token: Token, password: Password, code: Code });

export const completeEnrolment = consoleContract({
  method: "POST",
  path: "/auth/enrolment/complete",
  permission: "public",
  body: EnrolmentBody,
  response: z.object({ operator: CurrentOperator }),
});

export const signOut = consoleContract({
  method: "POST",
  path: "/auth/logout",
  permission: "self",
  unaudited: "a sign-out ends the operator's own session, no store data",
  response: z.object({ signedOut: z.literal(true) }),
});

export const me = consoleContract({
  method: "GET",
  path: "/me",
  permission: "self",
  response: ConsoleOperator,
});

/**
 * ADR 0313: the console API's OpenAPI document, for signed-in operators only. Its answer is an OpenAPI 3 document,
 * whose own shape that standard describes: only its top-level parts are checked here.
 */
export const openApi = consoleContract({
  method: "GET",
  path: "/openapi.json",
  permission: "self",
  response: z
    .object({
      openapi: z.string(),
      info: z.record(z.string(), z.unknown()),
      paths: z.record(z.string(), z.unknown()),
    })
    .loose(),
});

export const LanguageBody = z.object({ language: Language });

export const setLanguage = consoleContract({
  method: "PUT",
  path: "/me/language",
  permission: "self",
  body: LanguageBody,
  response: LanguageBody,
});

// Operators (owner only, ADR 0222).

export const listOperators = consoleContract({
  method: "GET",
  path: "/operators",
  permission: "operators.manage",
  response: z.object({ operators: z.array(OperatorView) }),
});

export const InviteBody = z.object({ email: Email, displayName: personName(64), role: Role });

export const inviteOperator = consoleContract({
  method: "POST",
  path: "/operators",
  permission: "operators.manage",
  body: InviteBody,
  response: Invitation,
});

export const OperatorParam = IdParam;

export const reinviteOperator = consoleContract({
  method: "POST",
  path: "/operators/:id/invitation",
  permission: "operators.manage",
  params: IdParam,
  response: Invitation,
});

export const OperatorPatch = z.object({
  role: Role.optional(),
  status: z.enum(["ACTIVE", "DISABLED"]).optional(),
  displayName: personName(64).optional(),
});

export const updateOperator = consoleContract({
  method: "PATCH",
  path: "/operators/:id",
  permission: "operators.manage",
  params: IdParam,
  body: OperatorPatch,
  response: OperatorView,
});

// The audit log (ADR 0223): newest first, by entity, entity id, operator or action.

export const AuditQuery = z.object({
  entity: z.string().trim().max(64).optional(),
  entityId: z.string().trim().max(128).optional(),
  operatorId: z.uuid().optional(),
  action: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

export const AuditRecord = z.object({
  id: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string(),
  operatorName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

export const listAudit = consoleContract({
  method: "GET",
  path: "/audit",
  permission: "audit.read",
  query: AuditQuery,
  response: z.object({
    total: z.number(),
    page: z.number(),
    size: z.number(),
    records: z.array(AuditRecord),
  }),
});
