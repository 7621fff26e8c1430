import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { readEnv } from "../server/env.ts";
import { createMemoryCounterStore } from "../server/infra/counter-store.ts";
import { createRateLimiter } from "../server/infra/rate-limit.ts";
import { OWASP_SCRYPT } from "../server/modules/account/password-hash.ts";
import { createAdminService } from "../server/modules/admin/service.ts";
import { createCaptchaRepo } from "../server/modules/captcha/repo.ts";
import { createCaptchaService } from "../server/modules/captcha/service.ts";

/**
 * `npm run admin:create -- --email owner@shop.example --name "Ada Owner"` (issue 16, ADR 0221): the console's
 * first owner, in the database the server would open. The password comes from ADMIN_PASSWORD or is asked for;
 * the TOTP secret is printed once, with its otpauth:// URI, to put in an authenticator app. More operators are
 * invited from the console.
 */
const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" } },
  allowPositionals: false,
});
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email owner@shop.example [--name "Ada Owner"]');
  process.exit(2);
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Keep the typed password off the screen.
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  let asking = true;
  const original = output._writeToOutput.bind(rl);
  output._writeToOutput = (text: string) => original(asking && !text.startsWith("Password") ? "" : text);
  const password = await rl.question("Password (12 to 128 characters): ");
  asking = false;
  rl.close();
  process.stdout.write("\n");
  return password;
}

const env = readEnv();
const password = await askPassword();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const admin = createAdminService({
    db: database.db,
    limiter: createRateLimiter(createMemoryCounterStore()),
    // The first owner is made with a password here, never invited: nothing is e-mailed.
    outbox: {
      send: async () => {
        throw new Error("admin:create sends no e-mail");
      },
    },
    captcha: createCaptchaService(createCaptchaRepo(database.db), { keepAnswersForDev: false }),
    settings: {
      scrypt: { ...OWASP_SCRYPT, logN: env.PASSWORD_SCRYPT_LOG_N ?? OWASP_SCRYPT.logN },
      idleTimeoutS: env.ADMIN_IDLE_TIMEOUT_S,
      maxSessionS: env.ADMIN_SESSION_MAX_S,
      invitationTtlS: env.ADMIN_INVITATION_TTL_S,
      challengeSecret: "unused-by-this-command",
      publicOrigin: "http://localhost",
      loginSlowingMaxMs: 0,
      supportLimits: new Map(),
    },
  });
  const created = await admin.createFirstOwner({
    email: values.email,
    displayName: values.name ?? values.email.split("@")[0]!,
    password,
  });
  console.log(`Owner ${created.operator.email} created.`);
  console.log("Add this to your authenticator app (it is shown only now):");
  console.log(`  secret: ${created.secret}`);
  console.log(`  otpauth URI: ${created.otpauthUri}`);
  console.log("Then sign in at /admin/login with the password and the app's 6-digit code.");
} catch (error) {
  console.error(`admin:create: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
