import type { PGlite, Transaction } from "@electric-sql/pglite";
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type pg from "pg";

/**
 * A span for every database statement made inside traced work (issue 34 item 4; ADR 0331), on both drivers.
 * Only the OpenTelemetry API is used: the server decides whether anything is recorded. Outside a recording span
 * (tracing off, or a poll of the job table) a statement runs as it did, after one context lookup.
 * The statement's text is recorded with its placeholders (Drizzle always binds values), never the values.
 */

function operationOf(text: string): string {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?([a-z]+)/i.exec(text);
  return (match?.[1] ?? "query").toLowerCase();
}

function traced<T>(text: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()?.isRecording()) return run();
  const operation = operationOf(text);
  // Looked up at each use: a tracer taken once stays bound to the first provider after tracing stops and starts.
  return trace.getTracer("roamly-db").startActiveSpan(
    `db ${operation}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        "db.system.name": "postgresql",
        "db.operation.name": operation,
        "db.query.text": text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text,
      },
    },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute("error.type", (error as { code?: string })?.code ?? "Error");
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

const textOf = (query: unknown): string =>
  typeof query === "string" ? query : ((query as { text?: string } | null)?.text ?? "");

/**
 * Wraps the `query` of each connection the pool opens (Drizzle calls it with a promise, the pool's own
 * `pool.query` with a callback; a submittable such as a cursor passes through).
 */
export function tracePgPool(pool: pg.Pool) {
  pool.on("connect", (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as { submit?: unknown } | string;
      if (!trace.getActiveSpan()?.isRecording() || (typeof first === "object" && first?.submit))
        return original(...args);
      const callbackAt = args.findIndex((arg) => typeof arg === "function");
      if (callbackAt === -1) return traced(textOf(first), () => original(...args) as Promise<unknown>);
      const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
      const rest = args.slice(0, callbackAt);
      traced(textOf(first), () => original(...rest) as Promise<unknown>).then(
        (result) => callback(null, result),
        (error) => callback(error, undefined),
      );
      return undefined;
    };
  });
}

type Queryable = Pick<PGlite, "query" | "exec"> | Pick<Transaction, "query" | "exec">;

function wrapQueryable<T extends Queryable>(target: T): T {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = ((text: string, ...rest: unknown[]) =>
    traced(text, () => (query as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as T["query"];
  target.exec = ((text: string, ...rest: unknown[]) =>
    traced(text, () => (exec as (...a: unknown[]) => Promise<unknown>)(text, ...rest))) as T["exec"];
  return target;
}

/** Wraps PGlite's `query` and `exec`, and those of the transactions it opens. */
export function tracePglite(client: PGlite) {
  wrapQueryable(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => callback(wrapQueryable(tx)))) as PGlite["transaction"];
}
