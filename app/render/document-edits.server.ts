/**
 * Edits to a rendered document (ADR 0295). The server rewrites a page it renders whole in a few places: the
 * module preloads and the boot module (ADR 0291), the inlined stylesheet (ADR 0248), React Router's loader-data
 * scripts (ADR 0290). Each rewrite is a list of edits (a range of the document and its new text), and one pass
 * applies them all, so a page is copied once instead of once per rewrite.
 *
 * A document is read either as a string or straight from the bytes React wrote. The bytes are read as latin1:
 * one character per byte, so an offset is a byte offset, every ASCII marker (`<script`, `class="`, `</head>`) is
 * found as it is, and reading costs a copy instead of a UTF-8 decode into a two-byte string. A part that holds
 * text (a class name, the stylesheet, a script's JSON) is taken out through `slice`, which decodes it as UTF-8.
 */

export interface DocumentText {
  /** The document to search. Offsets into it are the offsets edits use. */
  readonly text: string;
  /** The document's text from `start` to `end`, decoded (the same as `text.slice` for a string document). */
  slice(start: number, end: number): string;
  /** Whether `text` is the bytes read as latin1 (any character from U+0080 up is part of a UTF-8 sequence). */
  readonly bytes: boolean;
}

export interface Edit {
  start: number;
  end: number;
  text: string;
}

export function stringDocument(html: string): DocumentText {
  return { text: html, slice: (start, end) => html.slice(start, end), bytes: false };
}

export function bytesDocument(bytes: Buffer): DocumentText {
  return {
    text: bytes.toString("latin1"),
    slice: (start, end) => bytes.toString("utf8", start, end),
    bytes: true,
  };
}

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The text of `text.slice(start, end)`, decoded: for a bytes document, a part with a non-ASCII byte is read again
 * as UTF-8 (rare: class names and attribute values are almost always ASCII, and then the copy is the text).
 */
export function textOf(doc: DocumentText, start: number, end: number): string {
  const raw = doc.text.slice(start, end);
  return doc.bytes && NON_ASCII.test(raw) ? doc.slice(start, end) : raw;
}

function ordered(edits: readonly Edit[]): Edit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) {
      throw new Error(`document edits overlap at ${sorted[i]!.start}`);
    }
  }
  return sorted;
}

export function editString(html: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return html;
  let out = "";
  let at = 0;
  for (const edit of ordered(edits)) {
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}

export function editBytes(bytes: Buffer, edits: readonly Edit[]): Buffer {
  if (edits.length === 0) return bytes;
  const parts: Buffer[] = [];
  let at = 0;
  for (const edit of ordered(edits)) {
    parts.push(bytes.subarray(at, edit.start), Buffer.from(edit.text));
    at = edit.end;
  }
  parts.push(bytes.subarray(at));
  return Buffer.concat(parts);
}
