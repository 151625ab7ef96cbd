import type { DataSource, EntityManager } from "typeorm";
import { newId } from "../../common/uuid.js";

export interface AuditEntry {
  tableName: string;
  recordId: string;
  userId: string | null;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes an audit row, inside the caller's transaction when given one. */
export async function audit(db: DataSource | EntityManager, e: AuditEntry): Promise<void> {
  await db.query(`INSERT INTO audit_logs (id, table_name, record_id, user_id, action, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    newId(),
    e.tableName,
    e.recordId,
    e.userId,
    e.action,
    e.before ? JSON.stringify(e.before) : null,
    e.after ? JSON.stringify(e.after) : null,
  ]);
}
