import { createHmac, timingSafeEqual } from "node:crypto";
import type { PaymentProvider, ProviderEvent } from "../../server/src/modules/money/index.js";

/** The test provider's name: enable it with PAYMENT_PROVIDERS=manual,test-signing. */
export const SIGNING_PROVIDER = "test-signing";
export const SIGNATURE_HEADER = "x-test-signature";

export const sign = (secret: string, raw: string | Buffer): string => createHmac("sha256", secret).update(raw).digest("hex");

/**
 * A provider that signs its webhooks like card providers do: HMAC-SHA256 of the raw body with
 * the shared secret (PAYMENT_WEBHOOK_SECRET), hex, in `x-test-signature`. No card provider here.
 */
export const signingProvider: PaymentProvider = {
  name: SIGNING_PROVIDER,
  startPayment: (payment) => ({ reference: payment.reference, bankDetails: [] }),
  refund: async () => undefined,
  payout: async () => undefined,
  handleWebhook(raw, headers, config): ProviderEvent | null {
    const given = headers[SIGNATURE_HEADER];
    if (!config.PAYMENT_WEBHOOK_SECRET || typeof given !== "string" || !/^[0-9a-f]{64}$/.test(given)) return null;
    const expected = Buffer.from(sign(config.PAYMENT_WEBHOOK_SECRET, raw), "hex");
    if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) return null;
    try {
      const body = JSON.parse(raw.toString("utf8")) as Partial<ProviderEvent>;
      if (typeof body.id !== "string" || typeof body.reference !== "string" || typeof body.amount !== "string") return null;
      return { id: body.id, type: "payment.received", reference: body.reference, amount: body.amount, currency: body.currency ?? "USD" };
    } catch {
      return null;
    }
  },
};
