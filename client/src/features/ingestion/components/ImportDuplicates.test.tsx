import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImportJobFieldsFragment } from "../../../gql/graphql";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

const merges: unknown[] = [];
const refetch = vi.fn(async () => ({}));
const person = (id: string, displayName: string, fullNameAr: string | null = null) => ({ id, displayName, fullNameAr });
const record = (key: string, over: Record<string, unknown>) => ({
  line: 1,
  kind: "person",
  key,
  name: null,
  nameAr: null,
  birth: null,
  death: null,
  action: "create",
  errors: [],
  duplicate: null,
  person: null,
  canMerge: false,
  ...over,
});
let edges: { node: ReturnType<typeof record> }[] = [];
vi.mock("../generated", () => ({
  useImportRecordsQuery: () => ({
    data: { importRecords: { totalCount: edges.length, edges, pageInfo: { hasNextPage: false, endCursor: null } } },
    refetch,
    fetchMore: vi.fn(),
  }),
  useMergeImportedPersonMutation: () => [
    async ({ variables }: { variables: unknown }) => {
      merges.push(variables);
      return { data: { mergePeople: { id: "keep" } } };
    },
    { loading: false },
  ],
}));
const { ImportDuplicates } = await import("./ImportDuplicates");

const job = { id: "job-1", counts: { duplicates: 3 } } as ImportJobFieldsFragment;
/** Text without the bidi isolates that keep names and dates whole in either direction. */
const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, "");
const show = () =>
  render(
    <MemoryRouter>
      <ImportDuplicates job={job} />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  merges.length = 0;
  refetch.mockClear();
  await changeLanguage("en");
  edges = [
    {
      node: record("@I1@", {
        birth: "ABT 1881",
        duplicate: { ...person("own", "Khalil Aoun", "خليل عون"), birth: { text: "1880" } },
        person: person("new-1", "Khalil Aoun", "خليل عون"),
        canMerge: true,
      }),
    },
    {
      node: record("@I2@", {
        duplicate: { ...person("theirs", "Najib Aoun"), birth: null },
        person: person("new-2", "Najib Aoun"),
        canMerge: false,
      }),
    },
    {
      node: record("@I3@", {
        name: "Tanios Aoun",
        duplicate: { ...person("own-3", "Tanios Aoun"), birth: null },
        person: null,
        canMerge: false,
      }),
    },
  ];
});

describe("ImportDuplicates", () => {
  it("merges the imported person into the one it looks like, after asking, keeping the existing record", async () => {
    show();
    // Each named with their birth: namesakes are common.
    fireEvent.click(screen.getByRole("button", { name: (n) => plain(n) === "Merge Khalil Aoun (about 1881) into Khalil Aoun (1880)" }));
    const dialog = screen.getByRole("alertdialog");
    expect(plain(dialog.textContent!)).toContain("Merge Khalil Aoun (about 1881) into Khalil Aoun (1880)?");
    expect(dialog.textContent).toContain("The imported record is removed");
    fireEvent.click(within(dialog).getByRole("button", { name: "Merge" }));
    await waitFor(() => expect(merges).toEqual([{ keepId: "own", mergeId: "new-1" }]));
    await waitFor(() => expect(refetch).toHaveBeenCalled());
  });

  it("offers no merge for another member's record, and says when the imported one is gone", () => {
    show();
    expect(screen.getAllByRole("button", { name: /^Merge/ })).toHaveLength(1);
    expect(screen.getByText(/Only the owner of that record or a curator/)).toBeTruthy();
    expect(screen.getByText(/Merged or removed/)).toBeTruthy();
  });

  it("reads in Arabic, with names in Arabic script", async () => {
    await changeLanguage("ar");
    show();
    // With how many there are, as the review's tab said.
    expect(plain(screen.getByRole("heading").textContent!)).toBe("تكرار محتمل (3)");
    expect(screen.getByRole("button", { name: (n) => plain(n) === "دمج خليل عون (حوالي سنة 1881) في خليل عون (1880)" })).toBeTruthy();
  });
});
