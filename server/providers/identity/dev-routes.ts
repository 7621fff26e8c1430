import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { sandboxPersonaShape } from "../../../core/forms/account.ts";
import { parseInput } from "../../http/validate.ts";
import type { SandboxIdentity } from "./sandbox.ts";
import { IDENTITY_PROVIDERS } from "./types.ts";

const ProviderParams = z.object({ provider: z.enum(IDENTITY_PROVIDERS) });
const TokenBody = z.object({
  ...sandboxPersonaShape,
  nonce: z.string().max(255).optional(),
  aud: z.string().max(255).optional(),
  expiresInS: z.number().int().min(-3600).max(86_400).optional(),
});

/** Outside production only: the sandbox issuer's JWKS and a token endpoint for tests and local development. */
export function identityDevRoutes(app: FastifyInstance, sandboxReady: Promise<SandboxIdentity>) {
  app.get("/__dev/identity/:provider/jwks.json", { schema: { params: ProviderParams } }, async (request) => {
    const { provider } = parseInput(ProviderParams, request.params);
    return (await sandboxReady).jwks(provider);
  });
  app.post(
    "/__dev/identity/:provider/token",
    { schema: { params: ProviderParams, body: TokenBody } },
    async (request) => {
      const { provider } = parseInput(ProviderParams, request.params);
      const body = parseInput(TokenBody, request.body);
      const idToken = await (await sandboxReady).mint(provider, body);
      // Google and Apple hand the browser an ID token; Facebook an access token. The sandbox's is a JWT for all.
      return { idToken, accessToken: idToken };
    },
  );
}
