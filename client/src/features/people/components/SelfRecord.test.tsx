import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

const calls: unknown[] = [];
let viewerPerson: { id: string; displayName: string } | null = null;
vi.mock("../generated", () => ({
  useViewerPersonQuery: () => ({ data: { viewerPerson } }),
  useSetMyRecordMutation: () => [
    async ({ variables }: { variables: unknown }) => {
      calls.push(variables);
      return { data: { setMyRecord: null } };
    },
    { loading: false },
  ],
}));
const { SelfRecord } = await import("./SelfRecord");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  calls.length = 0;
  viewerPerson = null;
  await changeLanguage("en");
});

describe("SelfRecord", () => {
  it('offers "This is me" on a record the member may claim, and sends its id', async () => {
    const onChanged = vi.fn();
    render(<SelfRecord person={{ id: "p-1", isViewer: false, viewerCan: { claimAsSelf: true } }} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole("button", { name: "This is me" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([{ personId: "p-1" }]);
  });

  it("marks the member's own record, in Arabic, and lets them say it is not them", async () => {
    await changeLanguage("ar");
    render(<SelfRecord person={{ id: "p-1", isViewer: true, viewerCan: { claimAsSelf: false } }} onChanged={() => undefined} />);
    expect(screen.getByText("هذا أنت")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "هذا ليس أنا" }));
    await waitFor(() => expect(calls).toEqual([{ personId: null }]));
  });

  it("asks first when the member already has a record, naming it, and moves it only on yes", async () => {
    viewerPerson = { id: "p-9", displayName: "Youssef Khoury" };
    const onChanged = vi.fn();
    render(<SelfRecord person={{ id: "p-1", isViewer: false, viewerCan: { claimAsSelf: true } }} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole("button", { name: "This is me" }));
    expect(calls).toEqual([]);
    expect(screen.getByRole("alertdialog").textContent).toContain("Youssef Khoury");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "This is me" }));
    fireEvent.click(screen.getAllByRole("button", { name: "This is me" })[0]);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([{ personId: "p-1" }]);
  });

  it("shows nothing on someone else's record", () => {
    const { container } = render(
      <SelfRecord person={{ id: "p-2", isViewer: false, viewerCan: { claimAsSelf: false } }} onChanged={() => undefined} />,
    );
    expect(container.textContent).toBe("");
  });
});
