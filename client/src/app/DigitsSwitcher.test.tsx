import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeDigits, changeLanguage, initI18n } from "../i18n";
import { parseTranslations } from "../i18n/csv";
import { savedDigitStyle } from "../i18n/digits";
import csvText from "../i18n/translations.csv?raw";
import { formatNumber } from "../lib/format";
import { DigitsSwitcher } from "./DigitsSwitcher";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
afterEach(async () => {
  changeDigits("latn");
  await changeLanguage("en");
});

describe("the footer's digits", () => {
  it("are offered on Arabic pages only", async () => {
    const { container } = render(<DigitsSwitcher />);
    expect(container.textContent).toBe("");
    await changeLanguage("ar");
    expect(((await screen.findByLabelText("الأرقام")) as HTMLSelectElement).value).toBe("latn");
  });

  it("a visitor's choice is kept in this browser and used at once", async () => {
    await changeLanguage("ar");
    render(<DigitsSwitcher />);
    fireEvent.change(screen.getByLabelText("الأرقام"), { target: { value: "arab" } });
    expect(savedDigitStyle()).toBe("arab");
    expect(formatNumber(40, "ar")).toBe("٤٠");
    expect((screen.getByLabelText("الأرقام") as HTMLSelectElement).value).toBe("arab");
  });
});
