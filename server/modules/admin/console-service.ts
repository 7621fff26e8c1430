import type { CaptchaProof } from "../captcha/service.ts";
import type { inviteOperator, listAudit, updateOperator } from "./console-contract.ts";
import type { ContractBody, ContractQuery } from "./contract.ts";
import type { AdminService, CurrentOperator } from "./service.ts";

// The console's own use cases (issue 33 item 1, ADRs 0407, 0411): signing in and out, enrolment, the signed-in
// operator, operators and the audit log. Each change owns its transaction and audit entry in the admin service
// (ADRs 0221-0223); this is what the console's routes call, so a route only validates, calls and shapes, and sets
// or clears the operator's cookies (the HTTP side of a sign-in, route.ts).

export function createAdminConsole(
  admin: Pick<
    AdminService,
    | "passwordStep"
    | "signInCaptcha"
    | "totpStep"
    | "openEnrolment"
    | "completeEnrolment"
    | "signOut"
    | "permissionsOf"
    | "setLanguage"
    | "listOperators"
    | "invite"
    | "reinvite"
    | "updateOperator"
    | "audit"
  >,
) {
  return {
    /** Step one (ADR 0221): e-mail and password, limited per address and slowed per e-mail (ADR 0312). */
    signIn: (input: { email: string; password: string } & CaptchaProof, ip: string) =>
      admin.passwordStep(input.email, input.password, ip, {
        captcha: input.captcha,
        captchaKey: input.captchaKey,
      }),
    /** An image captcha for the sign-in page, when the password step asks for one (ADR 0312). */
    signInCaptcha: (ip: string) => admin.signInCaptcha(ip),
    /** Step two: the TOTP code against the challenge cookie; a session starts. */
    verifyCode: (challenge: string | undefined, code: string) => admin.totpStep(challenge, code),
    openEnrolment: (token: string) => admin.openEnrolment(token),
    completeEnrolment: (input: { token: string; password: string; code: string }) =>
      admin.completeEnrolment(input.token, input.password, input.code),
    /** Ends the session of the cookie, if there is one. */
    async signOut(token: string | undefined) {
      if (token) await admin.signOut(token);
      return { signedOut: true as const };
    },
    /** The signed-in operator with what their role may do (the console's navigation). */
    me: (operator: CurrentOperator) => ({ ...operator, permissions: admin.permissionsOf(operator.role) }),
    setLanguage: (operator: CurrentOperator, language: CurrentOperator["language"]) =>
      admin.setLanguage(operator, language),
    listOperators: async () => ({ operators: await admin.listOperators() }),
    invite: (operator: CurrentOperator, input: ContractBody<typeof inviteOperator>) =>
      admin.invite(operator, input),
    reinvite: (operator: CurrentOperator, id: string) => admin.reinvite(operator, id),
    updateOperator: (operator: CurrentOperator, id: string, patch: ContractBody<typeof updateOperator>) =>
      admin.updateOperator(operator, id, patch),
    audit: (query: ContractQuery<typeof listAudit>) => admin.audit(query),
  };
}

export type AdminConsole = ReturnType<typeof createAdminConsole>;
