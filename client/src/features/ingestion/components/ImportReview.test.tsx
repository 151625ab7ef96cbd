import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImportJobFieldsFragment } from "../../../gql/graphql";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

const empty = { totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } };
let records: unknown = empty;
let warnings: unknown = empty;
vi.mock("../generated", () => ({
  useImportRecordsQuery: () => ({ data: { importRecords: records }, fetchMore: vi.fn() }),
  useImportWarningsQuery: () => ({ data: { importWarnings: warnings }, fetchMore: vi.fn() }),
}));
const { ImportReview } = await import("./ImportReview");

const counts = {
  parsed: 3,
  written: 0,
  committed: 0,
  total: 3,
  people: 2,
  unions: 0,
  links: 1,
  events: 0,
  sources: 0,
  media: 0,
  places: 0,
  warnings: 0,
  errors: 0,
  duplicates: 0,
  updates: 0,
};
const job = (readAgain: boolean) =>
  ({ id: "job-1", kind: "gedcom", status: "review", readAgain, counts }) as unknown as ImportJobFieldsFragment;
const show = (readAgain: boolean) =>
  render(
    <MemoryRouter>
      <ImportReview job={job(readAgain)} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
afterEach(() => {
  records = empty;
  warnings = empty;
});

describe("ImportReview", () => {
  it("says why a file is back in review after the server lost what it had read", async () => {
    await changeLanguage("en");
    show(true);
    expect(screen.getByRole("status").textContent).toBe(
      "The server restarted while this file waited, so it was read again. Check the review before you confirm the import (a confirmation given before the restart no longer counts).",
    );
  });

  it("says it in Arabic, and says nothing of the kind for a file read once", async () => {
    await changeLanguage("ar");
    const { unmount } = show(true);
    expect(screen.getByRole("status").textContent).toContain("أُعيد تشغيل الخادم");
    unmount();
    show(false);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows a refused parent link by its two people, and a record's birth date in Arabic words", async () => {
    await changeLanguage("ar");
    const node = {
      line: 42,
      kind: "link",
      key: null,
      name: null,
      nameAr: null,
      birth: null,
      death: null,
      ends: ["يوسف صعب", "إيليا صعب"],
      action: "create",
      errors: ["يجب أن يكون الوالد أكبر من الولد باثنتي عشرة سنة على الأقل."],
      duplicate: null,
      person: null,
      canMerge: false,
    };
    const person = { ...node, kind: "person", name: "Elias Saab", ends: [], errors: [], birth: "2 OCT 1822" };
    records = { totalCount: 2, edges: [{ node }, { node: person }], pageInfo: { hasNextPage: false, endCursor: null } };
    const { container } = render(
      <MemoryRouter>
        <ImportReview job={{ ...job(false), counts: { ...counts, errors: 1 } } as ImportJobFieldsFragment} />
      </MemoryRouter>,
    );
    // A job with a refused record opens on the refused tab.
    // (Names come wrapped in bidi isolates, as every interpolated value.)
    const items = [...container.querySelectorAll(".import-list li")].map((li) => li.textContent?.replace(/[\u2068\u2069]/g, ""));
    expect(items.some((text) => text?.includes("يوسف صعب أحد والدَي إيليا صعب"))).toBe(true);
    expect(items[1]).toContain("2 تشرين الأول 1822");
  });

  it("names the person a warning is about, and shows a warning about a line by its line alone", async () => {
    await changeLanguage("en");
    const edges = [
      { node: { line: 12, key: "errors.date_unreadable", message: "The birth date is unreadable.", record: "Hanna Daher" } },
      { node: { line: 3, key: "gedcom.junk_dropped", message: "An unreadable line was left out.", record: null } },
    ];
    warnings = { totalCount: 2, edges, pageInfo: { hasNextPage: false, endCursor: null } };
    const { container } = render(
      <MemoryRouter>
        <ImportReview job={{ ...job(false), counts: { ...counts, warnings: 2 } } as ImportJobFieldsFragment} />
      </MemoryRouter>,
    );
    const items = [...container.querySelectorAll(".import-list li")].map((li) => li.textContent?.replace(/[\u2068\u2069]/g, ""));
    expect(items).toEqual(["Line 12 Hanna Daher — The birth date is unreadable.", "Line 3 An unreadable line was left out."]);
  });
});
