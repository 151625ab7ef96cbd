import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";
import type { PersonSummaryFragment, PersonUnionFragment } from "../../../gql/graphql";

// The generated hooks, replaced: the test sees which mutations run, and a refusal from the
// server comes back as Apollo gives it (CombinedGraphQLErrors, per-field messages).
const calls: { name: string; variables: unknown }[] = [];
const refusals = new Map<string, CombinedGraphQLErrors>();
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
vi.mock("../generated", () => ({
  useRemoveParentMutation: mutation("removeParent"),
  useUpdateUnionMutation: mutation("updateUnion"),
  useDeleteUnionMutation: mutation("deleteUnion"),
  useUpdatePersonMutation: mutation("updatePerson"),
  useCreatePersonMutation: mutation("createPerson"),
  useAddParentMutation: mutation("addParent"),
  useAddUnionMutation: mutation("addUnion"),
  useDeletePersonMutation: mutation("deletePerson"),
  useFindPeopleLazyQuery: () => [async () => undefined, { loading: false }],
  usePersonVillageChoicesQuery: ({ variables, skip }: { variables: { search: string }; skip: boolean }) => ({
    data: skip
      ? undefined
      : {
          villages: {
            edges: [
              {
                node: {
                  id: "v-ehden",
                  slug: "ehden",
                  name: "Ehden",
                  nameAr: "إهدن",
                  nameFr: "Ehden",
                  district: "Zgharta",
                  districtAr: "زغرتا",
                  districtFr: "Zghorta",
                  search: variables.search,
                },
              },
            ],
          },
        },
  }),
  usePersonFamilyChoicesQuery: ({ skip }: { skip: boolean }) => ({
    data: skip
      ? undefined
      : {
          families: {
            edges: [
              { node: { id: "f-khoury", familyName: "Khoury", familyNameAr: "الخوري", familyNameFr: "Khoury" } },
              { node: { id: "f-saab", familyName: "Saab", familyNameAr: "صعب", familyNameFr: null } },
            ],
          },
        },
  }),
}));

const { PersonLinks } = await import("./PersonLinks");
const { FamilyPicker } = await import("./FamilyPicker");

const refusal = (field: string, message: string, times = 1) =>
  new CombinedGraphQLErrors({
    errors: [
      {
        message: "Some fields are not valid.",
        extensions: { code: "BAD_USER_INPUT", fields: Array.from({ length: times }, () => ({ field, message })) },
      },
    ],
  });

function person(id: string, name: string, extra: Partial<PersonSummaryFragment> & { edit?: boolean } = {}) {
  const { edit = true, ...rest } = extra;
  return {
    id,
    displayName: name,
    isPrivate: false,
    fullName: name,
    fullNameAr: null,
    gender: "U",
    isLiving: false,
    birth: null,
    death: null,
    provenance: "COMMUNITY",
    confidence: 0.8,
    viewerCan: { edit },
    parentGenders: [] as string[],
    ...rest,
  } as PersonSummaryFragment & { viewerCan: { edit: boolean }; parentGenders: string[] };
}

const rima = person("p-rima", "ريما الحداد");
const union: PersonUnionFragment = { id: "u-1", kind: "marriage", place: "زحلة", start: { text: "ABT 1975" }, partner: rima };
const me = { ...person("p-me", "سامي الحداد", { birth: { text: "1950", qualifier: "exact", year: 1950 } }), unions: [union] };
const father = person("p-dad", "نبيل الحداد", {
  birth: { text: "ABT 1920", qualifier: "about", year: 1920 },
  death: { text: "1990", qualifier: "exact", year: 1990 },
});
const mother = person("p-mum", "Private", { isPrivate: true, edit: false });

function renderLinks(subject = me, parents = [father, mother]) {
  const onChanged = vi.fn(async () => undefined);
  render(
    <MemoryRouter>
      <PersonLinks person={subject} parents={parents} onChanged={onChanged} />
    </MemoryRouter>,
  );
  return onChanged;
}

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  calls.length = 0;
  refusals.clear();
  await changeLanguage("ar");
});

describe("parents and partners", () => {
  it("lists parents and unions in Arabic, offering changes only where the viewer may edit both people", () => {
    renderLinks();
    expect(screen.getByRole("heading", { name: "الوالدان والأزواج" })).toBeTruthy();
    const parents = screen.getAllByTestId("parent-item");
    expect(parents.map((p) => p.textContent)).toEqual(["نبيل الحداد~1920–1990أزل الرابط", "Private"]);
    expect(within(parents[1]).queryByRole("button")).toBeNull();
    const u = screen.getByTestId("union-item");
    expect(u.textContent).toContain("زواج");
    expect(within(u).getByRole("link", { name: "ريما الحداد" }).getAttribute("href")).toBe("/person/p-rima");
    // The record's "ABT 1975" in the reader's words.
    expect(
      within(u)
        .getByTestId("union-date")
        .textContent?.replace(/[\u2068\u2069]/g, ""),
    ).toBe("حوالي سنة 1975");
    expect(within(u).getByRole("button", { name: /تعديل/ })).toBeTruthy();
    expect(within(u).getByRole("button", { name: /حذف/ })).toBeTruthy();
  });

  it("shows no buttons to a viewer who may not edit the partner or the person", () => {
    renderLinks({ ...me, unions: [{ ...union, partner: { ...rima, viewerCan: { edit: false } } }] });
    expect(within(screen.getByTestId("union-item")).queryByRole("button")).toBeNull();
  });

  it("shows no buttons at all to a viewer who may not edit the person", () => {
    renderLinks({ ...me, viewerCan: { edit: false } });
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("asks before removing a parent link; Cancel does nothing, confirming removes it and refreshes", async () => {
    const onChanged = renderLinks();
    fireEvent.click(screen.getByRole("button", { name: /أزل الرابط مع/ }));
    const ask = screen.getByRole("alertdialog");
    expect(ask.textContent).toContain("هل تريد إزالة");
    expect(ask.textContent).toContain("نبيل الحداد");
    fireEvent.click(within(ask).getByRole("button", { name: "إلغاء" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: /أزل الرابط مع/ }));
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "نعم، أزِل" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([{ name: "removeParent", variables: { childId: "p-me", parentId: "p-dad" } }]);
  });

  it("edits a union: the form starts from its values; a refused date shows the server's message under the field", async () => {
    const onChanged = renderLinks();
    fireEvent.click(screen.getByRole("button", { name: /تعديل/ }));
    const form = screen.getByRole("form", { name: /تعديل الارتباط مع/ });
    const date = within(form).getByLabelText("تاريخ الارتباط") as HTMLInputElement;
    expect(date.value).toBe("ABT 1975");
    expect(form.textContent?.replace(/[\u2068\u2069]/g, "")).toContain("فُهم التاريخ هكذا: حوالي سنة 1975"); // how the field reads it
    expect((within(form).getByLabelText("نوع الارتباط") as HTMLSelectElement).value).toBe("marriage");
    // Both partners refused for the same reason: said once.
    refusals.set("updateUnion", refusal("startDate", "تاريخ الارتباط بعد وفاة أحد الشريكين.", 2));
    fireEvent.change(date, { target: { value: "1999" } });
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(within(form).getAllByText("تاريخ الارتباط بعد وفاة أحد الشريكين.")).toHaveLength(1));
    expect(date.getAttribute("aria-invalid")).toBe("true");
    expect(onChanged).not.toHaveBeenCalled();

    refusals.clear();
    fireEvent.change(within(form).getByLabelText("نوع الارتباط"), { target: { value: "engagement" } });
    fireEvent.change(date, { target: { value: "12 MAR 1972" } });
    fireEvent.change(within(form).getByLabelText("المكان"), { target: { value: "  " } });
    fireEvent.click(within(form).getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.at(-1)).toEqual({
      name: "updateUnion",
      variables: { id: "u-1", input: { kind: "engagement", startDate: "12 MAR 1972", place: null } },
    });
    expect(screen.queryByRole("form")).toBeNull();
  });

  it("deletes a union after confirmation, in English too", async () => {
    await changeLanguage("en");
    const onChanged = renderLinks();
    fireEvent.click(screen.getByRole("button", { name: /^Delete .*Marriage/ }));
    expect(screen.getByRole("alertdialog").textContent).toContain("Delete this union with");
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([{ name: "deleteUnion", variables: { id: "u-1" } }]);
  });

  it("says when nothing is recorded, and offers adding a spouse to editors", () => {
    renderLinks({ ...me, unions: [] }, []);
    expect(screen.getByText("لم يُسجَّل أيّ من الوالدين بعد.")).toBeTruthy();
    expect(screen.getByText("لم يُسجَّل أيّ ارتباط بعد.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "أضف زوجاً أو زوجة" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});

describe("family picker", () => {
  const village = { id: "v-zahle", slug: "zahle", name: "Zahle", nameAr: "زحلة", nameFr: "Zahlé" };

  it("offers the village's families (names in the reader's language) or none, and saves the choice", async () => {
    const onChanged = vi.fn(async () => undefined);
    render(
      <MemoryRouter>
        <FamilyPicker personId="p-me" village={village} family={null} onChanged={onChanged} />
      </MemoryRouter>,
    );
    const select = screen.getByLabelText("عائلة هذا الشخص") as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["بلا عائلة", "الخوري", "صعب"]);
    const save = screen.getByRole("button", { name: "حفظ" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing changed yet
    fireEvent.change(select, { target: { value: "f-saab" } });
    fireEvent.click(save);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([{ name: "updatePerson", variables: { id: "p-me", input: { familyId: "f-saab" } } }]);
    expect(screen.getByRole("status").textContent).toBe("تمّ الحفظ.");
  });

  it("clears the family with 'No family', and shows a refusal by the field", async () => {
    refusals.set("updatePerson", refusal("familyId", "غير موجود."));
    const khoury = { id: "f-khoury", familyName: "Khoury", familyNameAr: "الخوري", familyNameFr: "Khoury" };
    render(
      <MemoryRouter>
        <FamilyPicker personId="p-me" village={village} family={khoury} onChanged={async () => undefined} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText("عائلة هذا الشخص"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "حفظ" }));
    await waitFor(() => expect(screen.getByText("غير موجود.")).toBeTruthy());
    expect(calls).toEqual([{ name: "updatePerson", variables: { id: "p-me", input: { familyId: null } } }]);
  });

  it("asks for the village first when the person has none, found by name in any script", async () => {
    const onChanged = vi.fn(async () => undefined);
    render(
      <MemoryRouter>
        <FamilyPicker personId="p-me" village={null} family={null} onChanged={onChanged} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/اختر قرية الأصل لهذا الشخص أولاً/)).toBeTruthy();
    expect(screen.queryByRole("combobox")).toBeNull();
    fireEvent.change(screen.getByLabelText("ابحث عن قرية الأصل"), { target: { value: "اهدن" } });
    expect(screen.getByRole("button", { name: /إهدن/ }).textContent).toBe("إهدن · Ehden · زغرتا");
    fireEvent.click(screen.getByRole("button", { name: /إهدن/ }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([{ name: "updatePerson", variables: { id: "p-me", input: { villageId: "v-ehden" } } }]);
  });

  it("tells homonyms apart by their caza in the reader's language: French for French readers", async () => {
    await changeLanguage("fr");
    render(
      <MemoryRouter>
        <FamilyPicker personId="p-me" village={null} family={null} onChanged={async () => undefined} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText("Chercher le village d'origine"), { target: { value: "Ehden" } });
    expect(screen.getByRole("button", { name: /Ehden/ }).textContent).toBe("Ehden · إهدن · Zghorta");
  });

  it("shows the village with a way to change it", () => {
    render(
      <MemoryRouter>
        <FamilyPicker personId="p-me" village={village} family={null} onChanged={async () => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "زحلة" }).getAttribute("href")).toBe("/libanpedia/zahle");
    expect(screen.queryByLabelText("ابحث عن قرية الأصل")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "غيّر القرية" }));
    expect(screen.getByLabelText("ابحث عن قرية الأصل")).toBeTruthy();
  });
});
