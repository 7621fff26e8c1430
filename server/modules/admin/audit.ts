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
