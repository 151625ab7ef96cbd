import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

const asked: string[] = [];
let found: unknown[] = [];
let total = 0;
let mine: { people: { edges: { node: unknown }[]; pageInfo: { hasNextPage: boolean } } } | null = null;
let start: { treeStart: { reason: string; openPicker: boolean; person: unknown } | null } | null = null;
const remembered: string[] = [];
vi.mock("../generated", () => ({
  useMyPeopleQuery: () => ({ data: mine, loading: false }),
  useTreeStartQuery: () => ({ data: start, loading: false }),
  useRememberTreeRootMutation: () => [
    ({ variables }: { variables: { personId: string } }) => {
      remembered.push(variables.personId);
      return Promise.resolve({ data: { rememberTreeRoot: true } });
    },
  ],
  useFindMyPeopleQuery: ({ variables, skip }: { variables: { q: string }; skip: boolean }) => {
    if (skip) return { data: undefined };
    asked.push(variables.q);
    return { data: { people: { totalCount: total || found.length, edges: found.map((node) => ({ node })) } } };
  },
}));
const { RootPicker, useRootPerson } = await import("./RootPicker");

const person = (id: string, displayName: string, born?: number, died?: number) =>
  ({
    id,
    displayName,
    fullName: displayName,
    fullNameAr: null,
    isPrivate: false,
    birth: born ? { text: String(born), year: born, qualifier: null } : null,
    death: died ? { text: String(died), year: died, qualifier: null } : null,
  }) as never;
const people = [person("g1", "Georges Nassar", 1861, 1930), person("g2", "Georges Nassar", 1890), person("m", "Maryam Nassar", 1865)];

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  vi.useFakeTimers();
  asked.length = 0;
  await changeLanguage("en");
});
afterEach(() => vi.useRealTimers());

describe("RootPicker", () => {
  it("tells namesakes apart by their years, and names a root that is not among the listed people", () => {
    render(
      <MemoryRouter>
        <RootPicker rootId="far" root={person("far", "Tanios Nassar", 1800, 1870)} people={people} onChange={() => {}} />
      </MemoryRouter>,
    );
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual(["Tanios Nassar", "Georges Nassar (1861–1930)", "Georges Nassar (1890–)", "Maryam Nassar"]);
  });

  it("finds anyone in the member's tree by name, once typing pauses, and draws their tree when chosen", () => {
    const onChange = vi.fn();
    found = [person("e", "Elias Nassar", 1702, 1760)];
    render(
      <MemoryRouter>
        <RootPicker rootId="g1" people={people} onChange={onChange} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByRole("searchbox", { name: "Find someone in your tree" }), { target: { value: "Elias" } });
    expect(asked).toEqual([]);
    act(() => void vi.advanceTimersByTime(300));
    expect(asked).toContain("Elias");
    fireEvent.click(screen.getByRole("button", { name: /Elias Nassar/ }));
    expect(onChange).toHaveBeenCalledWith("e");
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("");
  });

  it("says how many more bear the name than it shows", () => {
    found = [person("e1", "Antoun Khoury", 1501, 1575), person("e2", "Antoun Khoury", 1530)];
    total = 2500;
    render(
      <MemoryRouter>
        <RootPicker rootId="g1" people={people} onChange={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "Khoury" } });
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.getByText(/more: type more of the name/).textContent!.replace(/[\u2066-\u2069]/g, "")).toBe(
      "2,498 more: type more of the name.",
    );
    total = 0;
  });

  it("says so when no one in the tree has that name", () => {
    found = [];
    render(
      <MemoryRouter>
        <RootPicker rootId="g1" people={people} onChange={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "Zzz" } });
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.getByRole("status").textContent).toBe("No one in your tree by that name.");
  });
});

describe("useRootPerson", () => {
  function Shown() {
    const { rootId, openPicker, setRoot } = useRootPerson();
    return (
      <>
        <output>{`${rootId}${openPicker ? " (picker open)" : ""}`}</output>
        <button type="button" onClick={() => setRoot("m")}>
          choose
        </button>
      </>
    );
  }
  const shown = (path = "/roots") =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Shown />
      </MemoryRouter>,
    );

  it("opens where the server says, the picker open when nobody chose that person; the address wins", () => {
    mine = { people: { edges: people.map((node) => ({ node })), pageInfo: { hasNextPage: false } } };
    start = { treeStart: { reason: "SELF", openPicker: false, person: people[2] } };
    const self = shown();
    expect(screen.getByRole("status").textContent).toBe("m");
    self.unmount();
    start = { treeStart: { reason: "MOST_CONNECTED", openPicker: true, person: people[1] } };
    const connected = shown();
    expect(screen.getByRole("status").textContent).toBe("g2 (picker open)");
    connected.unmount();
    shown("/roots?root=g1");
    expect(screen.getByRole("status").textContent).toBe("g1");
  });

  it("remembers a chosen root on the server", () => {
    start = { treeStart: null };
    remembered.length = 0;
    shown();
    fireEvent.click(screen.getByRole("button", { name: "choose" }));
    expect(remembered).toEqual(["m"]);
    expect(screen.getByRole("status").textContent).toBe("m");
  });
});

describe("RootPicker opened for a choice", () => {
  it("says why and puts the cursor in the search", () => {
    render(
      <MemoryRouter>
        <RootPicker rootId="g1" people={people} onChange={() => {}} open />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("root-picker").textContent).toContain("Choose whose tree to draw");
    expect(document.activeElement).toBe(screen.getByRole("searchbox"));
  });
});
