import { randomBytes } from "node:crypto";
import type { EntityManager } from "typeorm";
import { newId } from "../../common/uuid.js";
import { isUuid } from "./ledger.service.js";
import type { Clock } from "../../common/clock.js";
import type { Currency, Db } from "./ledger.types.js";

export type ReceiptKind = "payment" | "refund" | "payout";

/** RFC 4648 base32: 20 characters carry 100 random bits. */
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function receiptCode(): string {
  const bytes = randomBytes(13);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < 20; i++) out += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return out;
}

export const isReceiptCode = (s: unknown): s is string => typeof s === "string" && /^[A-Z2-7]{20}$/.test(s);

/** A receipt's printed number: the year and its gapless sequence, `2026-000042`. */
export const receiptNumber = (year: number, seq: number): string => `${year}-${String(seq).padStart(6, "0")}`;

export interface ReceiptRow {
  id: string;
  year: number;
  seq: number;
  code: string;
  kind: ReceiptKind;
  transaction_id: string;
  member_id: string;
  currency: Currency;
  amount: string;
  details: Record<string, unknown>;
  created_at: Date;
}

/**
 * Issues a receipt in the ledger's transaction `tx`: its number is the year's counter row,
 * incremented and locked until `tx` ends, so numbers are gapless (a transaction that rolls back
 * gives its number back) and in commit order within the year.
 */
export async function issueReceipt(
  tx: EntityManager,
  clock: Clock,
  r: { kind: ReceiptKind; transactionId: string; memberId: string; currency: Currency; amount: bigint; details?: Record<string, unknown> },
): Promise<ReceiptRow> {
  const now = clock.now();
  const year = now.getUTCFullYear();
  const [{ last }]: { last: number }[] = await tx.query(
    `INSERT INTO money_receipt_counters (year, last) VALUES ($1, 1) ON CONFLICT (year) DO UPDATE SET last = money_receipt_counters.last + 1 RETURNING last`,
    [year],
  );
  const [row]: ReceiptRow[] = await tx.query(
    `INSERT INTO money_receipts (id, year, seq, code, kind, transaction_id, member_id, currency, amount, details, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
    [
      newId(),
      year,
      last,
      receiptCode(),
      r.kind,
      r.transactionId,
      r.memberId,
      r.currency,
      r.amount.toString(),
      JSON.stringify(r.details ?? {}),
      now,
    ],
  );
  return row;
}

export async function receiptById(db: Db, id: string): Promise<ReceiptRow | null> {
  if (!isUuid(id)) return null;
  const [row]: ReceiptRow[] = await db.query(`SELECT * FROM money_receipts WHERE id = $1`, [id]);
  return row ?? null;
}

export async function receiptByCode(db: Db, code: string): Promise<ReceiptRow | null> {
  const normal = typeof code === "string" ? code.trim().toUpperCase() : "";
  if (!isReceiptCode(normal)) return null;
  const [row]: ReceiptRow[] = await db.query(`SELECT * FROM money_receipts WHERE code = $1`, [normal]);
  return row ?? null;
}

export async function receiptsOf(db: Db, memberId: string, limit = 50): Promise<ReceiptRow[]> {
  return db.query(`SELECT * FROM money_receipts WHERE member_id = $1 ORDER BY created_at DESC, seq DESC LIMIT $2`, [memberId, limit]);
}
