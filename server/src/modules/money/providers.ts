import type { Config } from "../../config.js";

/** What a member is told to do to pay: a reference to quote and, for a bank transfer, the bank's details. */
export interface PaymentInstructions {
  reference: string;
  bankDetails: string[];
}

/** An event a provider reports on its webhook, once its signature is checked. */
export interface ProviderEvent {
  /** The provider's own id of the event: a second delivery of it changes nothing. */
  id: string;
  type: "payment.received";
  reference: string;
  /** Minor units, as a digit string. */
  amount: string;
  currency: string;
}

/**
 * A way money comes in and goes out. `manual` (bank transfer, confirmed by staff) is the
 * default; others are chosen by PAYMENT_PROVIDERS and registered by name.
 */
export interface PaymentProvider {
  name: string;
  startPayment(
    payment: { reference: string; amount: bigint; currency: string },
    config: Pick<Config, "PAYMENT_BANK_DETAILS">,
  ): PaymentInstructions;
  /** Asks the provider to send a refund (manual: staff send it by bank). */
  refund(refund: { reference: string; amount: bigint }): Promise<void>;
  /** Asks the provider to pay a member out (manual: staff send it by bank, then confirm). */
  payout(payout: { payoutId: string; amount: bigint; destination: string }): Promise<void>;
  /**
   * Checks a webhook's signature over the raw body and reads its event; null when the signature
   * is missing or wrong (the route answers 401 and nothing is written). Absent: no webhooks.
   */
  handleWebhook?(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
    config: Pick<Config, "PAYMENT_WEBHOOK_SECRET">,
  ): ProviderEvent | null;
}

/** Bank transfer: the member quotes the reference; staff at /management/payments confirm what arrived. */
export const manualProvider: PaymentProvider = {
  name: "manual",
  startPayment: (payment, config) => ({
    reference: payment.reference,
    bankDetails: config.PAYMENT_BANK_DETAILS.split("|")
      .map((s) => s.trim())
      .filter(Boolean),
  }),
  refund: async () => undefined,
  payout: async () => undefined,
};

const providers = new Map<string, PaymentProvider>([["manual", manualProvider]]);

/** Makes a provider known by its name (a card provider module, or a test's signing provider). */
export function registerPaymentProvider(provider: PaymentProvider): void {
  providers.set(provider.name, provider);
}

/** The provider of that name, if PAYMENT_PROVIDERS enables it and it is registered. */
export function providerNamed(config: Pick<Config, "PAYMENT_PROVIDERS">, name: string): PaymentProvider | null {
  return config.PAYMENT_PROVIDERS.includes(name) ? (providers.get(name) ?? null) : null;
}

/** The default provider: the first one PAYMENT_PROVIDERS names. */
export const defaultProvider = (config: Pick<Config, "PAYMENT_PROVIDERS">): PaymentProvider =>
  providerNamed(config, config.PAYMENT_PROVIDERS[0] ?? "manual") ?? manualProvider;
