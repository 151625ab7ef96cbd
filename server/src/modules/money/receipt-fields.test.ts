import { describe, expect, it } from "@jest/globals";
import { receiptFields } from "./receipt-fields.js";
import type { ReceiptRow } from "./receipts.service.js";

const receipt = (details: Record<string, unknown>): ReceiptRow => ({
  id: "00000000-0000-4000-8000-000000000001",
  year: 2026,
  seq: 42,
  code: "ABCDEFGHJKMNPQRSTV23",
  kind: "payment",
  transaction_id: "00000000-0000-4000-8000-000000000002",
  member_id: "00000000-0000-4000-8000-000000000003",
  currency: "USD",
  amount: "123456",
  details,
  created_at: new Date("2026-12-02T10:00:00Z"),
});

/** What a receipt shows, the same on its page and in its PDF. */
describe("receiptFields", () => {
  it("shows number, kind, amount, date, reference and code", () => {
    const fields = receiptFields(receipt({ reference: "RT-7K2P-9QXM" }), "en", null);
    expect(fields.map((f) => f.value)).toEqual([
      "2026-000042",
      "Payment received",
      "$1,234.56",
      "December 2, 2026",
      "RT-7K2P-9QXM",
      "ABCDEFGHJKMNPQRSTV23",
    ]);
    expect(fields.at(-1)?.code).toBe(true);
  });

  it("adds the LBP amount, the rate (exact, without trailing zeros), its source and its day when the receipt has them", () => {
    const rate = { perUsd: "89500.500000", source: "Banque du Liban", effectiveOn: "2026-11-30" };
    const fields = receiptFields(receipt({ lbp: "1104930000" }), "fr", rate);
    const byLabel = Object.fromEntries(fields.map((f) => [f.label, f.value.replace(/\s/g, " ")]));
    expect(byLabel["Montant en LBP"]).toMatch(/^11 049 300,00 /);
    expect(byLabel["Taux de change"]).toBe("89 500,5 LBP par dollar américain");
    expect(byLabel["Source du taux"]).toBe("Banque du Liban");
    expect(byLabel["Date du taux"]).toBe("30 novembre 2026");
  });
});
