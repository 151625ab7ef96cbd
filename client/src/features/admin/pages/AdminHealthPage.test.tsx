import { render, screen, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

let health: unknown;
vi.mock("../generated", () => ({ useJobsHealthQuery: () => ({ data: health, loading: false, refetch: vi.fn() }) }));
const { default: AdminHealthPage } = await import("./AdminHealthPage");

/** Text without the bidi isolates around interpolated values. */
const plain = (s: string | null) => (s ?? "").replace(/[\u2066-\u2069]/g, "");
const queue = (name: string, over: Record<string, number> = {}) => ({
  name,
  queued: 0,
  scheduled: 0,
  active: 0,
  retrying: 0,
  failed: 0,
  completed: 0,
  completedAfterRetry: 0,
  ...over,
});

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  await changeLanguage("en");
  health = {
    jobsHealth: {
      queues: [
        queue("ingestion.import", { queued: 2, active: 1, retrying: 1, failed: 1, completed: 12, completedAfterRetry: 3 }),
        queue("ingestion.sweep", { scheduled: 1, completed: 900 }),
      ],
      failures: [
        {
          id: "f1",
          queue: "ingestion.import",
          key: "job-7",
          attempts: 2,
          message: "Error: connection reset",
          failedAt: "2026-11-26T08:00:00Z",
          willRetry: true,
        },
        {
          id: "f2",
          queue: "ingestion.import",
          key: null,
          attempts: 4,
          message: "Error: file gone",
          failedAt: "2026-11-26T07:00:00Z",
          willRetry: false,
        },
      ],
    },
  };
});

describe("AdminHealthPage", () => {
  it("shows each queue's counts and the latest failures, retried or not", () => {
    render(<AdminHealthPage />);
    const table = screen.getByTestId("job-queues");
    const row = within(table).getByRole("row", { name: /ingestion\.import/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => plain(c.textContent)),
    ).toEqual(["2", "0", "1", "1", "1", "12 (3 after a retry)"]);
    const failures = screen.getAllByTestId("job-failure");
    expect(failures[0].textContent).toContain("job-7");
    expect(plain(failures[0].textContent)).toContain("attempt 2, will be tried again");
    expect(plain(failures[1].textContent)).toContain("attempt 4, no tries left");
    expect(failures[1].textContent).toContain("Error: file gone");
  });

  it("says so when nothing failed, in the reader's language", async () => {
    health = { jobsHealth: { queues: [queue("ingestion.sweep")], failures: [] } };
    await changeLanguage("fr");
    render(<AdminHealthPage />);
    expect(screen.getByText("Aucune tâche n'a échoué récemment.")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: "En attente" })).toBeTruthy();
  });
});
