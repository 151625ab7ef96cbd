import type { Context } from "../../common/context.js";
import { runtimeKey, translate } from "../../common/i18n.js";
import { logger } from "../../common/logger.js";
import { queueEmail, recipientLanguage } from "../mail/index.js";
import { receiptGenerated } from "./deps.js";
import { formatMinor } from "./format.js";
import { receiptById, receiptNumber, type ReceiptKind } from "./receipts.service.js";

type ReceiptDeps = Pick<Context, "ds" | "jobs" | "config">;

/**
 * Emails a receipt to its payer in the payer's saved language, linking its PDF (the outbox keeps
 * text and HTML only, no attachments; the link opens the PDF for the signed-in member alone).
 */
export async function emailReceipt(deps: ReceiptDeps, receiptId: string): Promise<void> {
  const r = await receiptById(deps.ds, receiptId);
  if (!r) return;
  const [to]: { email: string | null; display_name: string | null }[] = await deps.ds.query(
    `SELECT email, display_name FROM users WHERE id = $1`,
    [r.member_id],
  );
  if (!to?.email) return;
  const language = await recipientLanguage(deps.ds, { userId: r.member_id });
  const base = deps.config.PUBLIC_URL.replace(/\/$/, "");
  const number = receiptNumber(r.year, r.seq);
  await queueEmail(
    { db: deps.ds, jobs: deps.jobs, config: deps.config },
    {
      to: to.email,
      language,
      content: {
        subject: { key: "money.email.receipt_subject", params: { number } },
        name: to.display_name,
        paragraphs: [
          {
            key: "money.email.receipt_body",
            params: {
              kind: translate(runtimeKey(`money.receipt.kind_${r.kind}`), language),
              amount: formatMinor(r.amount, r.currency, translate(runtimeKey("money.locale"), language)),
              code: r.code,
            },
          },
        ],
        action: { label: { key: "money.receipt.pdf" }, url: `${base}/receipts/${r.id}.pdf` },
        footer: [{ key: "money.email.receipt_footer", params: { url: `${base}/wallet` } }],
      },
    },
  );
}

/**
 * What follows a receipt once its money committed: analytics `receipt_generated` (its type only)
 * and the payer's email. A failure is logged and never undoes the money.
 */
export async function afterReceipt(deps: ReceiptDeps, kind: ReceiptKind, receiptId: string): Promise<void> {
  await receiptGenerated(deps.ds, kind);
  await emailReceipt(deps, receiptId).catch((err: unknown) => logger.error("Receipt email failed", { receiptId, err: String(err) }));
}
