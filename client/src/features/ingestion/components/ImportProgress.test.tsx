import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImportJobFieldsFragment } from "../../../gql/graphql";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";
import { ImportProgress } from "./ImportProgress";

const counts = {
  parsed: 5,
  read: 0,
  written: 0,
  committed: 0,
  total: 5,
  people: 3,
  unions: 1,
  links: 1,
  events: 0,
  sources: 0,
  media: 0,
  places: 0,
  warnings: 0,
  errors: 0,
  duplicates: 0,
  updates: 3,
};
const job = (c: Partial<typeof counts>, status = "committing") =>
  ({ id: "job-1", kind: "gedcom", status, fileSize: 1000, counts: { ...counts, ...c } }) as unknown as ImportJobFieldsFragment;

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

describe("ImportProgress", () => {
  it("a re-import's bar reaches its end though unchanged records are not rewritten", async () => {
    await changeLanguage("en");
    render(<ImportProgress job={job({ written: 1, committed: 5 })} />);
    const bar = screen.getByTestId("import-progress") as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([5, 5]);
    expect(screen.getByText(/Adding to your tree/).textContent?.replace(/[\u2068\u2069]/g, "")).toBe(
      "Adding to your tree: 5 of 5 (people, couples, parent links)",
    );
  });

  it("while reading a file, the bar fills with the bytes read of its size", async () => {
    await changeLanguage("en");
    render(<ImportProgress job={job({ parsed: 256, read: 400 }, "parsing")} />);
    const bar = screen.getByTestId("import-progress") as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([400, 1000]);
    expect(screen.getByText(/Reading the file/).textContent?.replace(/[\u2068\u2069]/g, "")).toBe("Reading the file: 256 records read");
  });

  it("once the whole file is read, says the review's checks run, with a bar that moves rather than one that looks stuck full", async () => {
    await changeLanguage("en");
    render(<ImportProgress job={job({ parsed: 3000, read: 1000 }, "parsing")} />);
    expect((screen.getByTestId("import-progress") as HTMLProgressElement).hasAttribute("value")).toBe(false);
    expect(screen.getByText(/Checking/).textContent?.replace(/[\u2068\u2069]/g, "")).toBe(
      "Checking the file's 3,000 records: the tree's rules, and people already in Roots",
    );
  });
});
