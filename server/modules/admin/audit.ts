import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { auditLog, operators } from "../../../db/schema/index.ts";
import { noteAuditRecorded } from "./audit-scope.ts";

export interface AuditEntry {
  operatorId: string;
  /** What was done, dotted: "operator.invite", "order.refund", "plan.price_rule.update". */
  action: string;
  /** The kind of thing changed: "operator", "order", "plan", "customer". */
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records one console change (issue 16, ADR 0223). Call it with the transaction that makes the change, so the
 * change and its record commit together or not at all. The table is append-only (a database trigger refuses
 * UPDATE and DELETE, migration 0017). `before` and `after` are JSON: give the fields that changed, never a
 * password hash, TOTP secret or token.
 */
export async function recordAudit(tx: unknown, entry: AuditEntry): Promise<void> {
  await (tx as Database).insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action.slice(0, 64),
    entity: entry.entity.slice(0, 64),
    entityId: entry.entityId.slice(0, 128),
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
  });
  noteAuditRecorded();
}

/** A console write's row before and after it, as the owner modules' save functions return them. */
export interface AuditedChange<A> {
  before?: unknown;
  after: A;
}

export interface AuditTarget<C> {
  /** The action, or how to name it from the change ("help.create" when there was nothing before). */
  action: string | ((change: C) => string);
  entity: string;
  entityId: string;
  /** What the log keeps of the change when not its whole before and after (a patch's fields, one flag). */
  record?: (change: C) => { before?: unknown; after?: unknown };
}

/**
 * One console write and its audit record in the same transaction (ADR 0284): runs `save` (which reads the row
 * before, saves and reads it after), records who changed what from what to what, and returns the row after.
 * Null, and nothing recorded, when `save` finds nothing to change (the route answers 404 or 409).
 */
export async function auditedChange<C extends AuditedChange<unknown>>(
  tx: unknown,
  operator: { id: string },
  target: AuditTarget<C>,
  save: () => Promise<C | null | undefined>,
): Promise<C["after"] | null> {
  const change = await save();
  if (!change) return null;
  const { before, after } = target.record ? target.record(change) : change;
  await recordAudit(tx, {
    operatorId: operator.id,
    action: typeof target.action === "function" ? target.action(change) : target.action,
    entity: target.entity,
    entityId: target.entityId,
    before,
    after,
  });
  return change.after;
}

export interface AuditQuery {
  entity?: string;
  entityId?: string;
  operatorId?: string;
  action?: string;
  page: number;
  size: number;
}

/** The audit log, newest first, filtered by entity, entity id, operator or action. */
export async function listAudit(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.operatorId) conditions.push(eq(auditLog.operatorId, query.operatorId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        operatorId: auditLog.operatorId,
        operatorEmail: operators.email,
        operatorName: operators.displayName,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .innerJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    total: total?.total ?? 0,
    page: query.page,
    size: query.size,
    records: rows.map((row) => ({ ...row, id: String(row.id), createdAt: row.createdAt.toISOString() })),
  };
}
