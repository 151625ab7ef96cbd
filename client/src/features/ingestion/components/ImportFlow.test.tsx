import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

const startPolling = vi.fn();
const stopPolling = vi.fn();
const counts = {
  parsed: 0,
  written: 0,
  committed: 0,
  total: 0,
  people: 0,
  unions: 0,
  links: 0,
  events: 0,
  sources: 0,
  media: 0,
  places: 0,
  warnings: 0,
  errors: 0,
  duplicates: 0,
  updates: 0,
};
let jobs: unknown[] = [];
let current: unknown = null;
let allowance: unknown = undefined;
const deleteImport = vi.fn(() => Promise.resolve({ data: { deleteImport: true } }));
const job = (id: string, status: string, people: number) => ({
  id,
  kind: "gedcom",
  status,
  fileName: `${id}.ged`,
  createdAt: "2026-11-25T09:05:00Z",
  counts: { ...counts, people },
});
vi.mock("../generated", () => ({
  useImportJobsQuery: () => ({ data: { importJobs: jobs }, startPolling, stopPolling }),
  useImportJobQuery: () => ({ data: { importJob: current }, startPolling, stopPolling }),
  useImportRecordsQuery: () => ({
    data: { importRecords: { totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } } },
  }),
  useImportWarningsQuery: () => ({
    data: { importWarnings: { totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } } },
  }),
  useImportJobUpdatedSubscription: vi.fn(),
  useConfirmImportMutation: () => [vi.fn(), {}],
  useCancelImportMutation: () => [vi.fn(), {}],
  useRetryImportMutation: () => [vi.fn(), {}],
  useDeleteImportMutation: () => [deleteImport, {}],
  useImportAllowanceQuery: () => ({ data: allowance ? { importAllowance: allowance } : undefined, refetch: () => Promise.resolve() }),
}));
const { ImportFlow } = await import("./ImportFlow");

const show = () =>
  render(
    <MemoryRouter initialEntries={["/roots/import"]}>
      <ImportFlow kind="gedcom" />
    </MemoryRouter>,
  );
const plain = (s: string | null) => (s ?? "").replace(/[\u2066-\u2069]/g, "");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(() => {
  startPolling.mockClear();
  stopPolling.mockClear();
});

describe("ImportFlow's recent imports", () => {
  it("tells two imports of one file apart by their people and time, and links each to its page", async () => {
    await changeLanguage("en");
    jobs = [job("family", "done", 20000), job("family-again", "review", 0)];
    show();
    const items = screen.getAllByRole("listitem").map((li) => plain(li.textContent));
    expect(items[0]).toMatch(/^family\.ged · Imported · 20,000 people · 25 Nov 2026, \d\d:\d\d$/);
    expect(items[1]).not.toContain("people");
    expect(screen.getByRole("link", { name: "family.ged" }).getAttribute("href")).toBe("/roots/import?job=family");
    // Nothing is running: nothing to follow.
    expect(startPolling).not.toHaveBeenCalled();
  });

  it("follows a file still being read, so its status moves while the member is back on the page", async () => {
    await changeLanguage("ar");
    jobs = [job("big", "parsing", 0)];
    show();
    expect(startPolling).toHaveBeenCalledWith(3000);
  });
});

describe("ImportFlow's limits and deleting", () => {
  const GB = 2 * 1024 ** 3;
  it("tells the member what they may still upload, in their language", async () => {
    await changeLanguage("en");
    jobs = [];
    allowance = {
      uploadsPerHour: 10,
      uploadsLeft: 7,
      quotaBytes: GB,
      waitingBytes: 350_000_000,
      maxFileBytes: 536_870_912,
      retryKeepHours: 24,
    };
    show();
    expect(plain(screen.getByTestId("import-allowance").textContent)).toBe(
      "You can upload 7 more files this hour (out of 10). Your files waiting for import take 350 megabytes of 2.1 gigabytes; one file may be up to 537 megabytes." +
        "The file of a failed import is kept for 24 hours so you can retry, then deleted.",
    );
    await changeLanguage("ar");
    show();
    const ar = plain(screen.getAllByTestId("import-allowance").at(-1)!.textContent);
    expect(ar).toContain("يمكنك رفع 7 ملفات أخرى خلال هذه الساعة (من أصل 10).");
    expect(ar).toContain("يُحفظ ملف الاستيراد الفاشل 24 ساعة لتتمكن من إعادة المحاولة، ثم يُحذف.");
  });

  it("a stopped import can be deleted from the list after a question; a running one cannot", async () => {
    await changeLanguage("en");
    allowance = undefined;
    jobs = [
      { ...job("old", "done", 3), canDelete: true },
      { ...job("now", "parsing", 0), canDelete: false },
    ];
    show();
    expect(screen.getAllByRole("button", { name: /^Delete the import of/ }).map((b) => plain(b.getAttribute("aria-label")))).toEqual([
      "Delete the import of old.ged",
    ]);
    fireEvent.click(screen.getByRole("button", { name: /^Delete the import of .old\.ged.$/ }));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog.textContent).toContain("the people it added to your tree stay");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(deleteImport).toHaveBeenCalledWith({ variables: { id: "old" } });
  });
});

describe("ImportFlow's job page", () => {
  it("cancelling at review offers to go back to the review, not to keep importing", async () => {
    await changeLanguage("en");
    current = {
      ...job("family", "review", 3),
      canCancel: true,
      canRetry: false,
      headers: [],
      mapping: [],
      readAgain: false,
      fileSize: 100,
      errorMessage: null,
      firstPersonId: null,
      headerRow: 0,
      finishedAt: null,
    };
    render(
      <MemoryRouter initialEntries={["/roots/import?job=family"]}>
        <ImportFlow kind="gedcom" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Cancel import" }));
    const dialog = screen.getByRole("alertdialog");
    expect(within(dialog).getByRole("button", { name: "Back to the review" })).toBeTruthy();
  });
});
