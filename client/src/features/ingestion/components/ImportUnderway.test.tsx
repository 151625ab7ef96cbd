import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

const refetchQueries = vi.fn(async () => []);
const startPolling = vi.fn();
const stopPolling = vi.fn();
let jobs: unknown[] = [];
vi.mock("@apollo/client/react", async (original) => ({ ...(await original<object>()), useApolloClient: () => ({ refetchQueries }) }));
vi.mock("../generated", () => ({ useImportJobsQuery: () => ({ data: { importJobs: jobs }, startPolling, stopPolling }) }));
const { ImportUnderway } = await import("./ImportUnderway");

const show = () => (
  <MemoryRouter>
    <ImportUnderway />
  </MemoryRouter>
);

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

describe("ImportUnderway", () => {
  it("says a file is being imported, links to it, and fetches the tree's people again once it is done", async () => {
    await changeLanguage("en");
    jobs = [
      { id: "j1", kind: "gedcom", status: "committing", fileName: "khoury.ged" },
      { id: "j0", kind: "gedcom", status: "done", fileName: "old.ged" },
    ];
    const { rerender } = render(show());
    expect(screen.getByTestId("import-underway").textContent!.replace(/[\u2066-\u2069]/g, "")).toBe(
      "khoury.ged is being imported: its people appear here once it is done. Follow it",
    );
    expect(screen.getByRole("link", { name: "Follow it" }).getAttribute("href")).toBe("/roots/import?job=j1");
    expect(startPolling).toHaveBeenCalledWith(3000);
    expect(refetchQueries).not.toHaveBeenCalled();
    // Read, waiting for review: said so, and nothing is fetched again (nothing was written).
    jobs = [{ id: "j1", kind: "gedcom", status: "review", fileName: "khoury.ged" }];
    rerender(show());
    expect(screen.getByTestId("import-underway").textContent!.replace(/[\u2066-\u2069]/g, "")).toBe(
      "khoury.ged is read and waits for your review: nothing of it is in your tree until you confirm. Review it",
    );
    expect(refetchQueries).not.toHaveBeenCalled();
    // Still asked, less often: the review may be confirmed in another tab.
    expect(startPolling).toHaveBeenLastCalledWith(15_000);
    // Confirmed elsewhere, written, done: the tree's people are fetched again.
    jobs = [{ id: "j1", kind: "gedcom", status: "committing", fileName: "khoury.ged" }];
    rerender(show());
    jobs = [{ id: "j1", kind: "gedcom", status: "done", fileName: "khoury.ged" }];
    rerender(show());
    expect(screen.queryByTestId("import-underway")).toBeNull();
    expect(refetchQueries).toHaveBeenCalledWith({ include: ["MyPeople"] });
  });

  it("says nothing when no import is running", async () => {
    jobs = [{ id: "j0", kind: "spreadsheet", status: "done", fileName: "old.csv" }];
    render(show());
    expect(screen.queryByTestId("import-underway")).toBeNull();
  });
});
