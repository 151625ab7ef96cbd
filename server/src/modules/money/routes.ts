import express from "express";
import type { AreaServices } from "../../common/area.js";
import { AppError, ErrorCode } from "../../common/errors.js";
import { currentLanguage, translate } from "../../common/i18n.js";
import { logger } from "../../common/logger.js";
import { rateLimit } from "../security/index.js";
import { tellAfterCommit } from "./deps.js";
import { afterReceipt } from "./receipt-email.js";
import type { MoneyDeps } from "./ledger.types.js";
import { VERIFY_LIMIT } from "./money.resolver.js";
import { paymentConfirmed } from "./notifications.js";
import { handleProviderEvent } from "./payments.service.js";
import { providerNamed } from "./providers.js";
import { notFoundHtml, RECEIPT_CSS, receiptHtml } from "./receipt-html.js";
import { receiptRate } from "./receipt-fields.js";
import { receiptPdf } from "./receipt-pdf.js";
import { receiptByCode, receiptById, receiptNumber, type ReceiptRow } from "./receipts.service.js";
import { mayReadReceipt } from "./money.policy.js";
import { isServerBusy } from "../../common/busy.js";

/**
 * - `POST /api/payments/webhook/:provider`: a provider's event, its signature checked over the
 *   raw body (401 and nothing written when wrong), handled once per event id.
 * - `GET /verify/:code`: anyone checks a receipt (only what it shows; rate-limited).
 * - `GET /receipts/:id`: the member's receipt as HTML (another member's: 404), linking
 * - `GET /receipts/:id.pdf`: the same receipt as a PDF in the member's language (another member's: 404).
 */
export function moneyRoutes(services: AreaServices): express.Router[] {
  const deps: MoneyDeps = { ds: services.ds, clock: services.clock, config: services.config, jobs: services.jobs };
  const router = express.Router();
  const base = services.config.PUBLIC_URL.replace(/\/$/, "");

  router.post("/api/payments/webhook/:provider", express.raw({ type: "*/*", limit: "64kb" }), async (req, res) => {
    const provider = providerNamed(services.config, req.params.provider);
    if (!provider?.handleWebhook) return res.status(404).json({ error: "unknown provider" });
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    const event = provider.handleWebhook(raw, headers, services.config);
    if (!event) return res.status(401).json({ error: translate("money.errors.webhook_signature", currentLanguage()) });
    try {
      const { result, replayed } = await handleProviderEvent(deps, provider, event);
      if (!replayed) await afterReceipt(services, "payment", result.receiptId);
      if (!replayed)
        await tellAfterCommit(
          { ds: services.ds, jobs: services.jobs, bus: services.bus, config: services.config },
          paymentConfirmed,
          result.memberId,
          {
            amount: result.amount,
            currency: "USD",
            receiptId: result.receiptId,
          },
        );
      res.json({ ok: true, replayed, transactionId: result.transactionId });
    } catch (err) {
      if (err instanceof AppError) {
        const status = err.code === ErrorCode.NOT_FOUND ? 404 : err.code === ErrorCode.CONFLICT ? 409 : 422;
        return res.status(status).json({ error: translate(err.key, currentLanguage(), err.params), code: err.code });
      }
      // A busy database is the app's 503 with Retry-After: the provider sends the event again.
      if (isServerBusy(err)) throw err;
      logger.error("Payment webhook failed", { provider: provider.name, err: String(err) });
      res.status(500).json({ error: "internal" });
    }
  });

  router.get("/verify/:code", async (req, res) => {
    const lang = currentLanguage();
    res.set("cache-control", "no-store").type("html");
    try {
      await rateLimit.hit({ ds: services.ds, clock: services.clock }, `money.verify:${req.ip ?? "unknown"}`, VERIFY_LIMIT);
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.RATE_LIMITED) {
        res.set("retry-after", String(err.retryAfterSeconds ?? 60));
        return res.status(429).send(notFoundHtml(lang).replace(/<h1>.*<\/h1>/, `<h1>${translate(err.key, lang, err.params)}</h1>`));
      }
      throw err;
    }
    const r = await receiptByCode(services.ds, req.params.code);
    if (!r) return res.status(404).send(notFoundHtml(lang));
    res.send(
      receiptHtml(r, lang, {
        verified: true,
        verifyUrl: `${base}/verify/${r.code}`,
        rate: await receiptRate(services.ds, r.transaction_id),
      }),
    );
  });

  router.get("/receipts/receipt.css", (_req, res) => {
    res.set("cache-control", "public, max-age=3600").type("css").send(RECEIPT_CSS);
  });

  /** The member's own receipt (another member's: null, answered 404), as the page cookie (or the Authorization header) names them. */
  const ownReceipt = async (req: express.Request, res: express.Response): Promise<ReceiptRow | null> => {
    res.set("cache-control", "private, no-store");
    const ctx = await services.context(req, res);
    if (!ctx) return null;
    const r = await receiptById(ctx.ds, req.params.id as string);
    if (r && mayReadReceipt(ctx.principal, r)) return r;
    res.status(404).type("html").send(notFoundHtml(currentLanguage()));
    return null;
  };

  router.get("/receipts/:id.pdf", async (req, res) => {
    const r = await ownReceipt(req, res);
    if (!r) return;
    const lang = currentLanguage();
    const pdf = await receiptPdf(r, lang, {
      verifyUrl: `${base}/verify/${r.code}`,
      rate: await receiptRate(services.ds, r.transaction_id),
    });
    res.set("content-disposition", `inline; filename="roots-receipt-${receiptNumber(r.year, r.seq)}.pdf"`);
    res.type("application/pdf").send(pdf);
  });

  router.get("/receipts/:id", async (req, res) => {
    const r = await ownReceipt(req, res);
    if (!r) return;
    const rate = await receiptRate(services.ds, r.transaction_id);
    const html = receiptHtml(r, currentLanguage(), {
      verified: false,
      verifyUrl: `${base}/verify/${r.code}`,
      rate,
      pdfUrl: `/receipts/${r.id}.pdf`,
    });
    res.type("html").send(html);
  });
  return [router];
}
