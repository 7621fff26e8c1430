import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { hotWords, specificWords } from "../../../db/schema/index.ts";

// Hot words and specific words in the console (issue 16; spec 7, 9; ADR 0232): per locale, replaced as a list.

/** Two operators replacing one list at once take turns, so the list is one of theirs, never both merged. */
async function lockList(tx: Database, name: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

export function createConsoleWords() {
  const hot = (db: Database, lang: string) =>
    db
      .select({ word: hotWords.word })
      .from(hotWords)
      .where(eq(hotWords.lang, lang))
      .orderBy(asc(hotWords.sortOrder), asc(hotWords.id));
  const specific = (db: Database, lang: string) =>
    db
      .select({ specificWord: specificWords.specificWord, deeplink: specificWords.deeplink })
      .from(specificWords)
      .where(eq(specificWords.lang, lang))
      .orderBy(asc(specificWords.id));
  return {
    async list(db: Database, lang: string) {
      const [hotRows, specificRows] = await Promise.all([hot(db, lang), specific(db, lang)]);
      return { hotWords: hotRows.map((r) => r.word), specificWords: specificRows };
    },
    async setHotWords(tx: Database, lang: string, words: string[]) {
      await lockList(tx, `hot-words:${lang}`);
      const before = (await hot(tx, lang)).map((r) => r.word);
      await tx.delete(hotWords).where(eq(hotWords.lang, lang));
      if (words.length > 0)
        await tx.insert(hotWords).values(words.map((word, sortOrder) => ({ lang, word, sortOrder })));
      return { before, after: words };
    },
    async setSpecificWords(tx: Database, lang: string, words: { specificWord: string; deeplink: string }[]) {
      await lockList(tx, `specific-words:${lang}`);
      const before = await specific(tx, lang);
      await tx.delete(specificWords).where(eq(specificWords.lang, lang));
      if (words.length > 0) await tx.insert(specificWords).values(words.map((w) => ({ lang, ...w })));
      return { before, after: words };
    },
  };
}
export type ConsoleWords = ReturnType<typeof createConsoleWords>;
