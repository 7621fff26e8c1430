import { openDatabase } from "../db/client.ts";
import { seedLarge } from "../db/seed/large.ts";
import { readEnv } from "../server/env.ts";

// `npm run seed:large` (ADR 0012): the large catalogue, in the database the server would open.
const env = readEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const started = Date.now();
  const { added, total } = await seedLarge(database.db);
  console.log(
    `seed:large: added ${added} plans in ${Date.now() - started} ms; the catalogue has ${total} plans.`,
  );
} finally {
  await database.close();
}
