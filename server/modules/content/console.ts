import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { notes } from "../../../db/schema/index.ts";
import { sanitizeOperatorHtml } from "./sanitize.ts";

// Notes (articles, spec 3 Note) in the console (issue 16; ADR 0234): operator HTML stored sanitized.

export interface NoteInput {
  noteTitle: string;
  mediaUrl: string;
  noteContent: string;
  topicNameList: string[];
  publishedAt: Date;
}

export function createConsoleNotes() {
  const note = async (db: Database, code: string, lang: string) => {
    const [row] = await db
      .select()
      .from(notes)
      .where(and(eq(notes.noteInfoCode, code), eq(notes.lang, lang)));
    return row ?? null;
  };
  return {
    list(db: Database, lang: string) {
      return db
        .select({
          noteInfoCode: notes.noteInfoCode,
          noteTitle: notes.noteTitle,
          publishedAt: notes.publishedAt,
        })
        .from(notes)
        .where(eq(notes.lang, lang))
        .orderBy(desc(notes.publishedAt));
    },
    note,
    async save(tx: Database, code: string, lang: string, input: NoteInput) {
      const before = await note(tx, code, lang);
      const values = { ...input, noteContent: sanitizeOperatorHtml(input.noteContent) };
      await tx
        .insert(notes)
        .values({ noteInfoCode: code, lang, ...values })
        .onConflictDoUpdate({ target: [notes.noteInfoCode, notes.lang], set: values });
      return { before, after: await note(tx, code, lang) };
    },
  };
}

export type ConsoleNotes = ReturnType<typeof createConsoleNotes>;
