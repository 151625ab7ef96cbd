import type { EntityManager } from "typeorm";
import { newId } from "../../common/uuid.js";
import { hold, openAccount, postPending, quoteUsd, voidPending, walletOf, balanceOf, type MoneyDeps } from "../money/index.js";
import type { DocumentTypeRow, LineKind, LineRow, RequestRow } from "./requests.store.js";
import type { RequestState } from "./states.js";

/** The step at which each line's hold is posted: the money is spent when that work is done. */
const POST_AT: Record<LineKind, RequestState> = {
  government: "at_registry",
  service: "issued",
  translation: "translating",
  courier: "shipped",
  pouch: "in_pouch",
};

export interface QuotedLine {
  kind: LineKind;
  usd: bigint;
  lbp: bigint | null;
  rate: { id: string; perUsd: string; source: string; on: string } | null;
}

/** The fees of a request, one line each: government (set in LBP, converted at the kept rate), service, translation, courier or pouch. */
export async function quoteLines(
  deps: Pick<MoneyDeps, "ds" | "config">,
  t: DocumentTypeRow,
  r: Pick<RequestRow, "translation" | "delivery">,
): Promise<QuotedLine[]> {
  const lines: QuotedLine[] = [];
  const lbp = BigInt(t.government_fee_lbp);
  if (lbp > 0n) {
    const q = await quoteUsd(deps, lbp);
    lines.push({
      kind: "government",
      usd: q.usdMinor,
      lbp,
      rate: { id: q.rate.id, perUsd: q.rate.per_usd, source: q.rate.source, on: q.rate.effective_on },
    });
  }
  const usd = (kind: LineKind, amount: string) => BigInt(amount) > 0n && lines.push({ kind, usd: BigInt(amount), lbp: null, rate: null });
  usd("service", t.service_fee_usd);
  if (r.translation) usd("translation", t.translation_fee_usd);
  if (r.delivery === "courier") usd("courier", t.courier_fee_usd);
  if (r.delivery === "pouch") usd("pouch", t.pouch_fee_usd);
  return lines;
}

export async function writeLines(tx: EntityManager, requestId: string, lines: QuotedLine[]): Promise<void> {
  await tx.query(`DELETE FROM ancestry_request_lines WHERE request_id = $1 AND status = 'quoted'`, [requestId]);
  for (const l of lines)
    await tx.query(
      `INSERT INTO ancestry_request_lines (id, request_id, kind, usd, lbp, rate_id, rate_per_usd, rate_source, rate_on, post_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        newId(),
        requestId,
        l.kind,
        l.usd.toString(),
        l.lbp?.toString() ?? null,
        l.rate?.id ?? null,
        l.rate?.perUsd ?? null,
        l.rate?.source ?? null,
        l.rate?.on ?? null,
        POST_AT[l.kind],
      ],
    );
}

/** Where document fees go: the platform's account for them. */
export const feesAccount = (tx: EntityManager, deps: Pick<MoneyDeps, "clock">) =>
  openAccount(tx, deps.clock, { ownerKind: "platform", ownerId: "ancestry", purpose: "document_fees", currency: "USD", flag: "none" });

/** What the member's wallet may still spend. */
export async function availableOf(tx: EntityManager, deps: Pick<MoneyDeps, "clock">, memberId: string): Promise<bigint> {
  const wallet = await walletOf(tx, deps.clock, memberId);
  return (await balanceOf(tx, wallet.id))?.available ?? 0n;
}

/** One hold per quoted line, from the member's wallet (each posts at its step); false when the wallet cannot cover them all. */
export async function holdLines(
  tx: EntityManager,
  deps: MoneyDeps,
  r: Pick<RequestRow, "id" | "requester_id">,
  lines: LineRow[],
): Promise<boolean> {
  const quoted = lines.filter((l) => l.status === "quoted");
  const total = quoted.reduce((n, l) => n + BigInt(l.usd), 0n);
  if ((await availableOf(tx, deps, r.requester_id)) < total) return false;
  const wallet = await walletOf(tx, deps.clock, r.requester_id);
  const fees = await feesAccount(tx, deps);
  for (const l of quoted) {
    if (BigInt(l.usd) === 0n) continue;
    const { holdId } = await hold(
      deps,
      { from: wallet.id, to: fees.id, amount: BigInt(l.usd) },
      { idempotencyKey: `ancestry:${l.id}:hold`, tx, by: r.requester_id },
    );
    await tx.query(`UPDATE ancestry_request_lines SET hold_id = $2, status = 'held' WHERE id = $1`, [l.id, holdId]);
  }
  return true;
}

/** Posts the held lines due at `state` (and every held line on delivery). */
export async function postLinesAt(
  tx: EntityManager,
  deps: MoneyDeps,
  lines: LineRow[],
  state: RequestState,
  by: string | null,
): Promise<void> {
  for (const l of lines)
    if (l.status === "held" && l.hold_id && (l.post_at === state || state === "delivered")) {
      const { transactionId } = await postPending(deps, l.hold_id, undefined, { idempotencyKey: `ancestry:${l.id}:post`, tx, by });
      await tx.query(`UPDATE ancestry_request_lines SET status = 'posted', transaction_id = $2 WHERE id = $1`, [l.id, transactionId]);
    }
}

/** Voids every line still held (rejection, cancellation): the member's money is free again. */
export async function voidLines(tx: EntityManager, deps: MoneyDeps, lines: LineRow[], by: string | null): Promise<void> {
  for (const l of lines) {
    if (l.status === "held" && l.hold_id) await voidPending(deps, l.hold_id, { idempotencyKey: `ancestry:${l.id}:void`, tx, by });
    if (l.status === "held" || l.status === "quoted")
      await tx.query(`UPDATE ancestry_request_lines SET status = 'voided' WHERE id = $1`, [l.id]);
  }
}
