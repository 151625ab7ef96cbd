import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";
import type { HubEventFragment } from "../../../gql/graphql";
import type { HubFamily } from "./FamilyForm";

// The generated hooks, replaced: the test sees which mutations run and whether the list is
// fetched again; a refusal comes back as Apollo gives it.
const calls: { name: string; variables: unknown }[] = [];
const refusals = new Map<string, CombinedGraphQLErrors>();
const refetch = vi.fn(async () => undefined);
const mutation = (name: string) => () => {
  const [state, setState] = useState<{ loading: boolean; error?: unknown }>({ loading: false });
  const run = async ({ variables }: { variables: unknown }) => {
    calls.push({ name, variables });
    const refusal = refusals.get(name);
    setState({ loading: false, error: refusal });
    if (refusal) throw refusal;
    return { data: { [name]: { id: "x" } } };
  };
  return [run, state];
};

function family(id: string, en: string, ar: string | null, edit: boolean, extra: Partial<HubFamily> = {}): HubFamily {
  return {
    id,
    familyName: en,
    familyNameAr: ar,
    familyNameFr: null,
    notes: null,
    notesAr: null,
    notesFr: null,
    viewerCan: { edit },
    ...extra,
  } as HubFamily;
}
const families = [
  family("f-1", "Khoury", "الخوري", true, { notes: "Priests of the village.", notesAr: "كهنة القرية." }),
  family("f-2", "Saab", "صعب", false),
];

vi.mock("../../../app/auth/useAuth", () => ({ useAuth: () => ({ status: "signedIn" }) }));
vi.mock("../generated", () => ({
  useHubFamiliesQuery: () => ({ data: { families: { totalCount: families.length, edges: families.map((node) => ({ node })) } }, refetch }),
  useCreateFamilyMutation: mutation("createFamily"),
  useUpdateFamilyMutation: mutation("updateFamily"),
  useDeleteFamilyMutation: mutation("deleteFamily"),
  useVillageMembersQuery: () => ({
    data: {
      villageMembers: [
        { id: "u-1", displayName: "Samira", tie: "ANCESTOR", isViewer: false },
        { id: "u-2", displayName: "Maya", tie: "SELF", isViewer: true },
      ],
    },
  }),
  useCreateHubEventMutation: mutation("createEvent"),
  useUpdateHubEventMutation: mutation("updateEvent"),
  useCreateLandmarkMutation: mutation("createAsset"),
  useUpdateLandmarkMutation: mutation("updateAsset"),
  useAddRegistryEntryMutation: mutation("addRegistryEntry"),
  useHubPersonChoicesQuery: () => ({
    data: { people: { edges: [{ node: { id: "p-1", displayName: "Elias Saab", isPrivate: false, birth: { year: 1890 } } }] } },
  }),
}));

const { HubFamilies } = await import("./HubFamilies");
const { EventForm } = await import("./HubForms");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  calls.length = 0;
  refusals.clear();
  refetch.mockClear();
  await changeLanguage("ar");
});

const renderHub = () =>
  render(
    <MemoryRouter>
      <HubFamilies villageId="v-1" />
    </MemoryRouter>,
  );

describe("families on the root hub", () => {
  it("lists families by their name in the reader's language, with the other spellings, notes, and Edit/Delete only where allowed", () => {
    renderHub();
    const items = screen.getAllByTestId("family-item");
    expect(items[0].querySelector("strong")!.textContent).toBe("الخوري");
    expect(items[0].textContent).toContain("Khoury");
    expect(items[0].textContent).toContain("كهنة القرية.");
    expect(within(items[0]).getByRole("button", { name: "تعديل ⁨الخوري⁩" })).toBeTruthy();
    expect(within(items[1]).queryByRole("button")).toBeNull();
  });

  it("lists the members from the village who chose to be listed, with their tie, and the viewer as «you»", () => {
    renderHub();
    const members = within(screen.getByTestId("village-members"));
    expect(members.getByRole("heading").textContent).toBe("أعضاء من هذه القرية");
    const items = members.getAllByRole("listitem").map((li) => li.textContent);
    expect(items).toEqual(["Samira أحد أجداده", "Maya أنت"]);
  });

  it("adds a family with names and notes in three languages, then fetches the list again", async () => {
    renderHub();
    fireEvent.click(screen.getByRole("button", { name: "أضف عائلة" }));
    const form = screen.getByRole("form", { name: "أضف عائلة" });
    fireEvent.change(within(form).getByLabelText("اسم العائلة (بالحروف اللاتينية)"), { target: { value: " Frangieh " } });
    fireEvent.change(within(form).getByLabelText("اسم العائلة (بالعربية)"), { target: { value: "فرنجية" } });
    fireEvent.change(within(form).getByLabelText("ملاحظات (بالفرنسية)"), { target: { value: "Une famille de Zgharta." } });
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(refetch).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        name: "createFamily",
        variables: {
          input: {
            villageId: "v-1",
            familyName: "Frangieh",
            familyNameAr: "فرنجية",
            familyNameFr: null,
            notes: null,
            notesAr: null,
            notesFr: "Une famille de Zgharta.",
          },
        },
      },
    ]);
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("shows the server's message under the field it concerns, translated", async () => {
    refusals.set(
      "createFamily",
      new CombinedGraphQLErrors({
        errors: [
          {
            message: "بعض الحقول غير صالحة.",
            extensions: { code: "BAD_USER_INPUT", fields: [{ field: "input.familyNameAr", message: "الصيغة غير صالحة." }] },
          },
        ],
      }),
    );
    renderHub();
    fireEvent.click(screen.getByRole("button", { name: "أضف عائلة" }));
    const form = screen.getByRole("form", { name: "أضف عائلة" });
    const ar = within(form).getByLabelText("اسم العائلة (بالعربية)");
    fireEvent.change(ar, { target: { value: "Frangieh" } });
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(ar.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(ar.getAttribute("aria-describedby")!)!.textContent).toBe("الصيغة غير صالحة.");
    expect(refetch).not.toHaveBeenCalled();
  });

  it("edits a family from its current values", async () => {
    renderHub();
    fireEvent.click(screen.getByRole("button", { name: "تعديل ⁨الخوري⁩" }));
    const form = screen.getByRole("form", { name: "تعديل العائلة" });
    expect((within(form).getByLabelText("ملاحظات (بالإنكليزية)") as HTMLInputElement).value).toBe("Priests of the village.");
    fireEvent.change(within(form).getByLabelText("اسم العائلة (بالفرنسية)"), { target: { value: "Khoury" } });
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(refetch).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        name: "updateFamily",
        variables: {
          id: "f-1",
          input: {
            villageId: "v-1",
            familyName: "Khoury",
            familyNameAr: "الخوري",
            familyNameFr: "Khoury",
            notes: "Priests of the village.",
            notesAr: "كهنة القرية.",
            notesFr: null,
          },
        },
      },
    ]);
  });

  it("asks before deleting, and shows the server's refusal (people still belong to it) beside the family", async () => {
    refusals.set(
      "deleteFamily",
      new CombinedGraphQLErrors({
        errors: [
          { message: "ما زال أشخاص ينتمون إلى هذه العائلة (2). انقلهم إلى عائلة أخرى أولاً.", extensions: { code: "BAD_USER_INPUT" } },
        ],
      }),
    );
    renderHub();
    fireEvent.click(screen.getByRole("button", { name: "حذف ⁨الخوري⁩" }));
    expect(calls).toEqual([]);
    const ask = screen.getByRole("alertdialog");
    expect(ask.textContent).toBe("هل تريد حذف عائلة ⁨الخوري⁩؟نعم، احذفإلغاء");
    fireEvent.click(within(ask).getByRole("button", { name: "نعم، احذف" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("ما زال أشخاص ينتمون"));
    expect(calls).toEqual([{ name: "deleteFamily", variables: { id: "f-1" } }]);
    expect(refetch).not.toHaveBeenCalled();

    refusals.clear();
    fireEvent.click(screen.getByRole("button", { name: "حذف ⁨الخوري⁩" }));
    fireEvent.click(screen.getByRole("button", { name: "نعم، احذف" }));
    await waitFor(() => expect(refetch).toHaveBeenCalled());
  });
});

describe("editing an event", () => {
  it("sends only what changed, so details hidden from the viewer are kept", async () => {
    const event = {
      id: "e-1",
      type: "FESTIVAL",
      title: "Festival of the Vine",
      titleAr: "عيد الكرمة",
      titleFr: null,
      description: null,
      descriptionAr: null,
      descriptionFr: null,
      place: "Zahle",
      date: null,
      primaryPerson: null,
      provenance: "COMMUNITY",
      viewerCan: { edit: true },
    } as HubEventFragment;
    const onDone = vi.fn();
    render(<EventForm villageId="v-1" event={event} onDone={onDone} onCancel={() => {}} />);
    const form = screen.getByRole("form", { name: "تعديل الحدث" });
    fireEvent.change(within(form).getByLabelText("التاريخ"), { target: { value: "SEP 1950" } });
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([{ name: "updateEvent", variables: { id: "e-1", input: { date: "SEP 1950" } } }]);
  });
});
