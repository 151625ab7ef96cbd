import { render, screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

let status = "signedIn";
let me: { id: string; displayName: string } | null = null;
let relationship: unknown = null;
const asked: unknown[] = [];
vi.mock("../../../app/auth/useAuth", () => ({ useAuth: () => ({ status, viewer: { id: "u1" } }) }));
vi.mock("../generated", () => ({
  useViewerPersonQuery: ({ skip }: { skip: boolean }) => ({ data: skip ? undefined : { viewerPerson: me } }),
  useRelationshipQuery: ({ variables, skip }: { variables: unknown; skip: boolean }) => {
    if (skip) return { data: undefined };
    asked.push(variables);
    return { data: { relationship } };
  },
}));
const { KinshipLine } = await import("./KinshipLine");

const names = { ar: "عم", en: "paternal uncle", fr: "oncle paternel" };

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  status = "signedIn";
  me = { id: "p-me", displayName: "Sami" };
  relationship = { related: true, names };
  asked.length = 0;
  await changeLanguage("ar");
});

describe("KinshipLine", () => {
  it("says what the person is to the member, in the reader's language, asked from the member's record", async () => {
    const { rerender } = render(<KinshipLine personId="p-uncle" isViewer={false} />);
    expect(screen.getByTestId("kinship-name").textContent).toBe("عم");
    expect(asked).toContainEqual({ a: "p-me", b: "p-uncle" });
    await changeLanguage("fr");
    rerender(<KinshipLine personId="p-uncle" isViewer={false} />);
    expect(screen.getByTestId("kinship-name").textContent).toBe("oncle paternel");
  });

  it("says when there is no known relationship", async () => {
    await changeLanguage("en");
    relationship = { related: false, names: { ar: "", en: "", fr: "" } };
    render(<KinshipLine personId="p-far" isViewer={false} />);
    expect(screen.getByTestId("kinship-name").textContent).toBe("No known relationship in the tree.");
  });

  it("gently asks a member without a record of their own to mark it", () => {
    me = null;
    render(<KinshipLine personId="p-uncle" isViewer={false} />);
    expect(screen.getByTestId("kinship-prompt").textContent).toContain("«هذا أنا»");
    expect(asked).toEqual([]);
  });

  it("shows nothing on the member's own page or to a visitor", () => {
    const own = render(<KinshipLine personId="p-me" isViewer />);
    expect(own.container.textContent).toBe("");
    own.unmount();
    status = "signedOut";
    const visitor = render(<KinshipLine personId="p-uncle" isViewer={false} />);
    expect(visitor.container.textContent).toBe("");
  });
});
