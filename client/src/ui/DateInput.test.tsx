import { fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { useState } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { changeLanguage, initI18n } from "../i18n/index";
import { parseTranslations } from "../i18n/csv";
import csvText from "../i18n/translations.csv?raw";
import { parseGenealogicalDate } from "../lib/dates";
import { DATE_EXAMPLES } from "./DateHint";
import { DateInput } from "./DateInput";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

function Birth() {
  const [value, setValue] = useState("");
  return <DateInput label="Birth" value={value} onChange={(e) => setValue(e.target.value)} />;
}

/** The field's hint (examples, or the reading once something is typed), without the isolates. */
const hint = () =>
  (document.querySelector(".form-field__hint")?.textContent ?? "").replace(/[\u2068\u2069\u2060]/g, "").replace(/\u00a0/g, " ");
const type = (text: string) => fireEvent.change(screen.getByRole("textbox"), { target: { value: text } });

describe("DateInput", () => {
  it("shows how it read a date typed in Arabic, in the reader's language", async () => {
    await changeLanguage("ar");
    render(<Birth />);
    type("حوالي ١٨٩٠");
    expect(hint()).toBe("فُهم التاريخ هكذا: حوالي سنة 1890");
    type("12 رجب 1310 هـ");
    expect(hint()).toBe("فُهم التاريخ هكذا: 12 رجب 1310 هـ (الموافق 30 كانون الثاني 1893 م)");
    type("بين ١٨٨٠ و١٨٨٥");
    expect(hint()).toBe("فُهم التاريخ هكذا: بين 1880 و1885");
  });

  it("reads the same date for an English reader, and says when it cannot read one yet", async () => {
    await changeLanguage("en");
    render(<Birth />);
    type("1890 تقريباً");
    expect(hint()).toBe("Understood as: about 1890");
    type("حوالي");
    expect(hint()).toBe("Not a date that can be read yet.");
    type("");
    expect(hint()).toMatch(/^Write it as you would say it, e\.g\. 1890, about 1890/);
  });

  it("takes the text's own direction, and isolates each example of its hint", async () => {
    await changeLanguage("ar");
    render(<Birth />);
    expect(screen.getByRole("textbox").getAttribute("dir")).toBe("auto");
    const examples = [...document.querySelectorAll(".form-field__hint bdi")].map((b) => b.textContent);
    expect(examples).toEqual(DATE_EXAMPLES.map((k) => i18next.t(k)));
  });

  it("gives examples that read as dates in every language", async () => {
    for (const lang of ["ar", "en", "fr"] as const) {
      await changeLanguage(lang);
      for (const key of DATE_EXAMPLES)
        expect([lang, key, parseGenealogicalDate(i18next.t(key))?.text]).toEqual([lang, key, i18next.t(key)]);
    }
  });
});
