import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { ArticleTextField } from "./ArticleFields";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

describe("ArticleTextField's Markdown help", () => {
  it("shows each sample as code read left to right, inside an Arabic sentence", async () => {
    await changeLanguage("ar");
    render(<ArticleTextField value="" onChange={() => undefined} language="ar" />);
    const samples = screen.getAllByRole("code").map((c) => [c.getAttribute("dir"), c.textContent]);
    expect(samples).toContainEqual(["ltr", "[رابط](https://…)"]);
    expect(samples).toContainEqual(["ltr", "[^1]"]);
    expect(samples).toContainEqual(["ltr", "roots:person/…"]);
    expect(samples).toContainEqual(["ltr", "![تعليق](roots:media/…)"]);
    expect(samples.every(([dir]) => dir === "ltr")).toBe(true);
    expect(screen.getByText(/صيغة Markdown/)).toBeTruthy();
  });
});
