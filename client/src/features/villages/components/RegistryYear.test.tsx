import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

// The village hub's hooks, replaced: the test sees what the emigrant form sends (a year typed in
// any digits, read by NumberInput's readNumber).
const calls: unknown[] = [];
vi.mock("../generated", () => ({
  useAddRegistryEntryMutation: () => [
    async ({ variables }: { variables: unknown }) => {
      calls.push(variables);
      return { data: { addRegistryEntry: { id: "e-1" } } };
    },
    { loading: false },
  ],
  useHubPersonChoicesQuery: () => ({
    data: { people: { edges: [{ node: { id: "p-1", displayName: "Elias Saab", isPrivate: false, birth: null } }] } },
  }),
  useCreateHubEventMutation: () => [vi.fn(), { loading: false }],
  useCreateLandmarkMutation: () => [vi.fn(), { loading: false }],
  useUpdateHubEventMutation: () => [vi.fn(), { loading: false }],
  useUpdateLandmarkMutation: () => [vi.fn(), { loading: false }],
}));
const { AddRegistryEntryForm } = await import("./HubForms");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  calls.length = 0;
  await changeLanguage("en");
});

describe("the emigrant register's year of departure", () => {
  it.each([
    ["Arabic-Indic", "١٩٤٨"],
    ["Eastern Arabic-Indic", "۱۹۴۸"],
    ["Latin", "1948"],
  ])("takes a year in %s digits: the form sends the number", async (_kind, typed) => {
    const onDone = vi.fn();
    render(<AddRegistryEntryForm villageId="v-1" onDone={onDone} />);
    fireEvent.change(screen.getByLabelText("Person"), { target: { value: "p-1" } });
    fireEvent.change(screen.getByLabelText("Country of destination"), { target: { value: "BR" } });
    fireEvent.change(screen.getByLabelText("Year of departure"), { target: { value: typed } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([{ input: { villageId: "v-1", personId: "p-1", destinationCountry: "BR", departureYear: 1948, notes: null } }]);
  });
});
