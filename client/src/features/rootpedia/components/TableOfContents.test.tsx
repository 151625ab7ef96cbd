import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { nest, TableOfContents } from "./TableOfContents";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

const h = (level: number, text: string) => ({ level, text, anchor: `h-${text}` });

describe("an article's table of contents", () => {
  it("numbers sections and their subsections as an encyclopedia does", () => {
    const shown = (entries: ReturnType<typeof nest>): string[] => entries.flatMap((e) => [`${e.number} ${e.text}`, ...shown(e.children)]);
    expect(shown(nest([h(2, "Histoire"), h(3, "XIXe"), h(3, "XXe"), h(2, "Familles"), h(4, "Khoury"), h(2, "Notes")]))).toEqual([
      "1 Histoire",
      "1.1 XIXe",
      "1.2 XXe",
      "2 Familles",
      "2.1 Khoury",
      "3 Notes",
    ]);
  });

  it("is shown from three headings on, titled in the reader's language, its entries in the article's direction", async () => {
    await changeLanguage("fr");
    const { rerender } = render(<TableOfContents headings={[h(2, "التاريخ"), h(2, "العائلات")]} language="ar" />);
    expect(screen.queryByTestId("rootpedia-toc")).toBeNull();
    rerender(<TableOfContents headings={[h(2, "التاريخ"), h(3, "القرن"), h(2, "العائلات")]} language="ar" />);
    const toc = screen.getByRole("navigation", { name: "Sommaire" });
    expect(toc.querySelector("[dir]")?.getAttribute("dir")).toBe("rtl");
    expect(screen.getByRole("link", { name: "1.1 القرن" }).getAttribute("href")).toBe("#h-القرن");
  });
});
