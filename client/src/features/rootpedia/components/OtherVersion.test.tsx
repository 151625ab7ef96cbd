import { fireEvent, render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { drafts, draftKey } from "./draft";

const article = {
  id: "fr1",
  language: "fr",
  title: "Zahlé",
  html: "<p>La version vérifiée.</p>",
  stable: { title: "Zahlé", content: "La version vérifiée." },
  pending: null as null | { title: string; content: string | null; html: string | null },
};
vi.mock("../generated", () => ({
  useRootpediaArticleQuery: () => ({ data: { rootpediaArticle: article }, loading: false }),
  useRootpediaPicturesQuery: () => ({ data: null }),
  useRootpediaPreviewLazyQuery: () => [vi.fn(async () => ({ data: { rootpediaPreview: "<p>aperçu</p>" } }))],
}));
const { OtherVersion } = await import("./OtherVersion");
const { ArticleEditor } = await import("./ArticleEditor");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

describe("another language version beside the editor", () => {
  it("shows the member's own draft of it, kept in this browser, before anything saved, in its own direction", async () => {
    await changeLanguage("ar");
    drafts.save(draftKey("zahle", "fr1", null), {
      title: "Zahlé (brouillon)",
      content: "Le **brouillon**.",
      summary: "",
      language: "fr",
      base: null,
    });
    render(<OtherVersion slug="zahle" articleId="fr1" />);
    const box = screen.getByTestId("rootpedia-other-version");
    expect(box.getAttribute("data-source")).toBe("draft");
    expect(box.textContent).toContain("مسودتك في هذا المتصفح، لم تُحفظ بعد");
    expect(box.textContent).toContain("Le **brouillon**.");
    expect(screen.getByRole("heading", { name: "Zahlé (brouillon)" }).getAttribute("dir")).toBe("ltr");
  });

  it("else its edit waiting for review, else its reviewed version", async () => {
    await changeLanguage("en");
    const { unmount } = render(<OtherVersion slug="zahle" articleId="fr1" />);
    expect(screen.getByTestId("rootpedia-other-version").getAttribute("data-source")).toBe("stable");
    expect(screen.getByText("La version vérifiée.")).toBeTruthy();
    unmount();
    article.pending = { title: "Zahlé", content: "En attente.", html: "<p>En attente.</p>" };
    render(<OtherVersion slug="zahle" articleId="fr1" />);
    expect(screen.getByTestId("rootpedia-other-version").getAttribute("data-source")).toBe("pending");
    expect(screen.getByText("En attente.")).toBeTruthy();
    article.pending = null;
  });

  it("opens as a tab of the editor on a phone, beside writing and the preview", async () => {
    await changeLanguage("fr");
    render(
      <ArticleEditor
        value="texte"
        onChange={() => {}}
        language="fr"
        slug="zahle"
        beside={{ label: "Version English", node: <p>The English text</p> }}
      />,
    );
    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual(["Écrire", "Aperçu", "Version English"]);
    fireEvent.click(screen.getByRole("tab", { name: "Version English" }));
    expect(screen.getByTestId("rootpedia-beside").textContent).toBe("The English text");
  });
});
