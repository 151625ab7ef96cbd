import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";
import type { ChartPersonFragment, TreeChartQuery } from "../../../gql/graphql";

// The generated hooks, replaced so the test sees which mutations the chart's forms call.
const calls: { name: string; variables: unknown }[] = [];
const failing = new Set<string>();
const mutation = (name: string, result: unknown) => () => [
  async ({ variables }: { variables: unknown }) => {
    calls.push({ name, variables });
    if (failing.has(name)) throw Object.assign(new Error(name), { name: "CombinedGraphQLErrors" });
    return { data: result };
  },
  { loading: false },
];
vi.mock("../generated", () => ({
  useCreatePersonMutation: mutation("createPerson", { createPerson: { id: "new-1" } }),
  useAddParentMutation: mutation("addParent", { addParent: { id: "x" } }),
  useAddUnionMutation: mutation("addUnion", { addUnion: { id: "x" } }),
  useUpdatePersonMutation: mutation("updatePerson", { updatePerson: { id: "x" } }),
  useDeletePersonMutation: mutation("deletePerson", { deletePerson: true }),
  useFindPeopleLazyQuery: () => [
    async () => undefined,
    {
      loading: false,
      data: { people: { edges: [{ node: { ...person("p-old", "Old Record", "سجل قديم"), viewerCan: { edit: true } } }] } },
    },
  ],
}));

const { TreeChart } = await import("./TreeChart");
const { CardActions } = await import("./CardActions");
const { RelativeDialog } = await import("./RelativeDialog");
const { LinkExisting } = await import("./LinkExisting");
const { CedarChart } = await import("./CedarChart");

function person(
  id: string,
  fullName: string | null,
  fullNameAr: string | null,
  extra: Partial<ChartPersonFragment> = {},
): ChartPersonFragment {
  return {
    id,
    displayName: fullName ?? fullNameAr ?? "",
    isPrivate: false,
    fullName,
    fullNameAr,
    gender: "U",
    isLiving: false,
    birth: null,
    death: null,
    provenance: "COMMUNITY",
    confidence: 0.95,
    viewerCan: { edit: true },
    unions: [],
    ...extra,
  } as ChartPersonFragment;
}

const me = person("p-me", "Sami Haddad", "سامي الحداد", {
  birth: { text: "1985", qualifier: "exact", year: 1985 },
  provenance: "VERIFIED",
});
const dad = person("p-dad", "Nabil Haddad", "نبيل الحداد", { gender: "M", confidence: 0.75 });
const hidden = person("p-hid", null, null, { isPrivate: true, displayName: "Private", gender: "F", confidence: null, provenance: null });
const data: TreeChartQuery = {
  person: me,
  ancestors: [
    { generation: 1, viaId: "p-me", person: dad },
    { generation: 1, viaId: "p-me", person: hidden },
  ],
  descendants: [],
} as TreeChartQuery;

const xOf = (id: string) => Number(document.querySelector(`[data-person-id="${id}"] rect`)!.getAttribute("x"));

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(() => {
  calls.length = 0;
  failing.clear();
});

describe("tree chart", () => {
  it("shows Arabic and Latin names, years, provenance colour and Private cards", async () => {
    await changeLanguage("en");
    render(
      <MemoryRouter>
        <TreeChart data={data} view="pedigree" selectedId={null} onSelect={() => {}} />
      </MemoryRouter>,
    );
    const cards = screen.getAllByTestId("chart-card");
    expect(cards).toHaveLength(3);
    const mine = cards.find((c) => c.getAttribute("data-person-id") === "p-me")!;
    expect(mine.textContent).toContain("سامي الحداد");
    expect(mine.textContent).toContain("Sami Haddad");
    expect(mine.textContent).toContain("1985–");
    expect(mine.querySelector("[data-band]")!.getAttribute("fill")).toBe("#228B22");
    expect(document.querySelector('[data-person-id="p-dad"] [data-band]')!.getAttribute("fill")).toBe("#DAA520");
    // A community record (a member's hand-entered father) says so, without a meaningless percentage.
    expect(document.querySelector('[data-person-id="p-dad"]')!.getAttribute("aria-label")).not.toContain("%");
    const priv = cards.find((c) => c.getAttribute("data-person-id") === "p-hid")!;
    expect(priv.textContent).toBe("PrivatePrivate"); // <title> and the text: no name, no years
    expect(screen.getByRole("button", { name: "Zoom in" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Fit the whole tree" })).toBeTruthy();
  });

  it("keeps a date's qualifier on the card, and says it in words to a screen reader", async () => {
    await changeLanguage("en");
    // The qualifier as the server read the date ("~1905", "FROM 1880 TO 1885"… included).
    const grandpa = person("p-gp", "Elias Haddad", null, {
      birth: { text: "ABT 1905", qualifier: "about", year: 1905 },
      death: { text: "BEF 1960", qualifier: "before", year: 1960 },
    });
    const grandma = person("p-gm", "Nada Haddad", null, {
      birth: { text: "AFT 12 MAR 1910", qualifier: "after", year: 1910 },
      death: { text: "@#DJULIAN@ 1970", qualifier: "exact", year: 1970 },
    });
    const chart = {
      ...data,
      ancestors: [
        { generation: 1, viaId: "p-me", person: grandpa },
        { generation: 1, viaId: "p-me", person: grandma },
      ],
    } as TreeChartQuery;
    const { unmount } = render(
      <MemoryRouter>
        <TreeChart data={chart} view="pedigree" selectedId={null} onSelect={() => {}} />
      </MemoryRouter>,
    );
    const card = (id: string) => document.querySelector(`[data-person-id="${id}"]`)!;
    expect(card("p-gp").querySelector("text:last-of-type")!.textContent).toContain("~1905–<1960");
    expect(card("p-gm").textContent).toContain(">1910–1970");
    expect(card("p-me").textContent).toContain("1985–");
    const label = (id: string) =>
      card(id)
        .getAttribute("aria-label")!
        .replace(/[\u2066-\u2069]/g, "");
    expect(label("p-gp")).toContain("about 1905 – before 1960");
    // A form without words is said as the card shows it, not as the record's code.
    expect(label("p-gm")).toContain("after 12 March 1910 – 1970");
    unmount();
    await changeLanguage("ar");
    render(
      <MemoryRouter>
        <TreeChart data={chart} view="pedigree" selectedId={null} onSelect={() => {}} />
      </MemoryRouter>,
    );
    expect(label("p-gp")).toContain("حوالي سنة 1905");
  });

  it("draws the root at the left in English and at the right in Arabic, with translated controls", async () => {
    await changeLanguage("en");
    const { unmount } = render(
      <MemoryRouter>
        <TreeChart data={data} view="pedigree" selectedId={null} onSelect={() => {}} />
      </MemoryRouter>,
    );
    expect(xOf("p-me")).toBeLessThan(xOf("p-dad"));
    unmount();
    await changeLanguage("ar");
    render(
      <MemoryRouter>
        <TreeChart data={data} view="pedigree" selectedId={null} onSelect={() => {}} />
      </MemoryRouter>,
    );
    expect(xOf("p-me")).toBeGreaterThan(xOf("p-dad"));
    expect(screen.getByRole("button", { name: "تكبير" })).toBeTruthy();
  });

  it("selects a card by click and from the keyboard", async () => {
    await changeLanguage("en");
    const onSelect = vi.fn();
    render(
      <MemoryRouter>
        <TreeChart data={data} view="pedigree" selectedId={null} onSelect={onSelect} />
      </MemoryRouter>,
    );
    const card = document.querySelector('[data-person-id="p-dad"]')!;
    fireEvent.click(card);
    fireEvent.keyDown(card, { key: "Enter" });
    expect(onSelect).toHaveBeenCalledTimes(2);
    expect(onSelect).toHaveBeenCalledWith("p-dad");
  });
});

describe("chart actions", () => {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it("add father: creates a man and links him as the card person's birth parent", async () => {
    await changeLanguage("en");
    const onDone = vi.fn();
    render(<RelativeDialog mode={{ type: "add", relation: "father" }} person={me} onDone={onDone} onClose={() => {}} />);
    fill("Full name in Arabic", "نبيل الحداد");
    fill("Birth", "1950");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Add father" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        name: "createPerson",
        variables: { input: { fullName: null, fullNameAr: "نبيل الحداد", birthDate: "1950", deathDate: null, gender: "M" } },
      },
      { name: "addParent", variables: { childId: "p-me", parentId: "new-1", kind: "BIRTH" } },
    ]);
  });

  it("add child: links both the card person and the chosen spouse as parents", async () => {
    await changeLanguage("en");
    const wife = person("p-wife", "Rima Haddad", "ريما الحداد", { gender: "F" });
    const married = { ...me, unions: [{ id: "u1", kind: "marriage", partner: wife }] } as ChartPersonFragment;
    render(<RelativeDialog mode={{ type: "add", relation: "child" }} person={married} onDone={() => {}} onClose={() => {}} />);
    expect((screen.getByLabelText("Other parent") as HTMLSelectElement).value).toBe("p-wife");
    fill("Full name (Latin letters)", "Karim Haddad");
    fill("Gender", "F");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Add child" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => c.name)).toEqual(["createPerson", "addParent", "addParent"]);
    expect(calls[0].variables).toMatchObject({ input: { fullName: "Karim Haddad", gender: "F" } });
    expect(calls[1].variables).toEqual({ childId: "new-1", parentId: "p-me", kind: "BIRTH" });
    expect(calls[2].variables).toEqual({ childId: "new-1", parentId: "p-wife", kind: "BIRTH" });
  });

  it("offers no father to someone who has one, and no parent to someone who has two", async () => {
    await changeLanguage("en");
    const offered = (parentGenders: string[]) => {
      const { unmount } = render(
        <MemoryRouter>
          <CardActions person={{ ...me, parentGenders } as ChartPersonFragment} isRoot onOpen={() => {}} onRecentre={() => {}} />
        </MemoryRouter>,
      );
      const names = within(screen.getByTestId("card-actions"))
        .getAllByRole("button")
        .map((b) => b.textContent);
      unmount();
      return names.filter((n) => /^Add/.test(n ?? ""));
    };
    expect(offered([])).toEqual(["Add father", "Add mother", "Add spouse", "Add child"]);
    expect(offered(["M"])).toEqual(["Add mother", "Add spouse", "Add child"]);
    expect(offered(["F", "M"])).toEqual(["Add spouse", "Add child"]);
    expect(offered(["U"])).toEqual(["Add father", "Add mother", "Add spouse", "Add child"]);
  });

  it("removes the new person again when the link is refused, and keeps the dialog open", async () => {
    await changeLanguage("en");
    failing.add("addUnion");
    const onDone = vi.fn();
    render(<RelativeDialog mode={{ type: "add", relation: "spouse" }} person={me} onDone={onDone} onClose={() => {}} />);
    fill("Full name (Latin letters)", "Rima");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Add spouse" }));
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(["createPerson", "addUnion", "deletePerson"]));
    expect(calls[2].variables).toEqual({ id: "new-1" });
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toBeTruthy();
  });

  it("edit sends the changed details with updatePerson", async () => {
    await changeLanguage("en");
    render(<RelativeDialog mode={{ type: "edit" }} person={me} onDone={() => {}} onClose={() => {}} />);
    expect((screen.getByLabelText("Birth") as HTMLInputElement).value).toBe("1985");
    fill("Death", "2020");
    // The gender starts from the record's and is sent with the rest.
    expect((screen.getByLabelText("Gender") as HTMLSelectElement).value).toBe("U");
    fireEvent.change(screen.getByLabelText("Gender"), { target: { value: "M" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      name: "updatePerson",
      variables: {
        id: "p-me",
        input: { fullName: "Sami Haddad", fullNameAr: "سامي الحداد", birthDate: "1985", deathDate: "2020", gender: "M" },
      },
    });
  });

  it("link an existing record as spouse calls addUnion with its id", async () => {
    await changeLanguage("en");
    const onPick = vi.fn();
    render(<LinkExisting person={me} relations={["father", "mother", "spouse", "child"]} busy={false} onPick={onPick} />);
    fireEvent.change(screen.getByLabelText("Link as"), { target: { value: "spouse" } });
    fireEvent.click(screen.getByRole("button", { name: /Link as .*Spouse/ }));
    expect(onPick).toHaveBeenCalledWith("spouse", "p-old");
  });

  it("the cedar's trunk names its person once: the Latin name under an Arabic one, else the years", async () => {
    await changeLanguage("en");
    const latinOnly = person("p-y", "Yusuf Khoury", null, {
      birth: { text: "1527", qualifier: "exact", year: 1527 },
      death: { text: "1593", qualifier: "exact", year: 1593 },
    });
    const { unmount } = render(
      <MemoryRouter>
        <CedarChart data={{ person: latinOnly, ancestors: [], descendants: [] } as unknown as TreeChartQuery} />
      </MemoryRouter>,
    );
    expect(
      [...screen.getByTestId("cedar-root").querySelectorAll("text")].map((t) => t.textContent!.replace(/[\u2066-\u2069]/g, "")),
    ).toEqual(["Yusuf Khoury", "1527–1593"]);
    unmount();
    render(
      <MemoryRouter>
        <CedarChart data={{ person: me, ancestors: [], descendants: [] } as unknown as TreeChartQuery} />
      </MemoryRouter>,
    );
    expect(
      [...screen.getByTestId("cedar-root").querySelectorAll("text")].map((t) => t.textContent!.replace(/[\u2066-\u2069]/g, "")),
    ).toEqual(["سامي الحداد", "Sami Haddad"]);
  });
});
