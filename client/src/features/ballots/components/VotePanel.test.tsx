import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";

vi.mock("../generated", () => ({ useCastVoteMutation: () => [vi.fn(), { loading: false }] }));
const { ReceiptCard } = await import("./VotePanel");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

const cast = { receipt: "ab".repeat(32), nonce: "n0nce", countedBy: "2026-12-05T10:00:30Z" };
const plain = (el: Element) => (el.textContent ?? "").replace(/[\u2066-\u2069\u200e\u200f]/g, "");

describe("ReceiptCard", () => {
  it("says at once that the vote is recorded, by when the live count includes it, and gives the receipt", async () => {
    await changeLanguage("fr");
    render(<ReceiptCard cast={cast} />);
    expect(screen.getByRole("heading", { name: "Votre vote est enregistré." })).toBeTruthy();
    const status = plain(screen.getByTestId("vote-recorded"));
    expect(status).toMatch(/l'inclura au plus tard à \d{1,2}:\d{2}:\d{2}/);
    expect(plain(screen.getByTestId("vote-receipt"))).toContain(cast.receipt);
  });

  it("in Arabic", async () => {
    await changeLanguage("ar");
    render(<ReceiptCard cast={cast} />);
    expect(screen.getAllByRole("heading", { name: "سُجِّل صوتك." })).toHaveLength(1);
    expect(plain(screen.getAllByTestId("vote-recorded").at(-1)!)).toContain("في موعد أقصاه");
  });
});
