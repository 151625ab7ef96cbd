import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { gql } from "./api.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";
import { expectNoSeriousAxe } from "./axe.js";

/**
 * Rootpedia as people read and write it (issue #43), in Arabic and French at 1366 and 390 px: the
 * editor's toolbar and live preview (beside the text on a desktop, behind a tab on a phone), a
 * citation, the text kept as typed; two revisions side by side on a desktop and stacked on a phone,
 * Markdown read, a sentence rewritten shown whole, unchanged paragraphs collapsed, the history's size
 * changes; an article's table of contents, its language links, and the outline that starts from the
 * village's history. Its articles are its own (Zahle's article is the other wiki specs'); axe on
 * every page, screenshots of each step.
 */
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
mkdirSync(SHOTS, { recursive: true });

// Screenshots and axe at two widths, in two languages: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** A screenshot at the page's width now, and axe on what it shows. */
async function look(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: `${SHOTS}/wiki-${name}-${width}.png`, fullPage: true });
  await expectNoSeriousAxe(page, `${name} at ${width}`);
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const L = {
  ar: {
    title: "العنوان",
    text: "النص",
    toolbar: "التنسيق",
    heading: "عنوان فرعي",
    bold: "عريض",
    cite: "استشهد بسجل",
    photo: "أدرج صورة",
    write: "الكتابة",
    preview: "معاينة",
    save: "حفظ",
    citeKind: "ما تستشهد به",
    citeSearch: "الاسم",
    village: "إهدن",
    article: "كنيسة مار الياس",
    body: "التاريخ\n\nبُنيت الكنيسة سنة ١٨٩٠ بأيدي أهل الحي (مار الياس).",
    word: "الكنيسة",
    history: "السجل",
    contents: "المحتويات",
  },
  fr: {
    title: "Titre",
    text: "Texte",
    toolbar: "Mise en forme",
    heading: "Intertitre",
    bold: "Gras",
    cite: "Citer une fiche",
    photo: "Insérer une photo",
    write: "Écrire",
    preview: "Aperçu",
    save: "Enregistrer",
    citeKind: "Que citer",
    citeSearch: "Nom",
    village: "Ehden",
    article: "L'église Saint-Élie",
    body: "Histoire\n\nL'église fut bâtie en 1890 par les gens du quartier (Saint-Élie).",
    word: "L'église",
    history: "Historique",
    contents: "Sommaire",
  },
} as const;

/** A demo account signed in, reading the site in `lang` (chosen in the header at a desktop's width). */
async function signedIn(browser: import("@playwright/test").Browser, lang: "ar" | "fr", path: string, email?: string) {
  const session = await signInDemo(browser, { locale: "ar", path, email });
  await session.page.setViewportSize(DESKTOP);
  if (lang === "fr") await session.page.getByLabel("اللغة", { exact: true }).selectOption("fr");
  return session;
}

const token = async (request: APIRequestContext, email: string) =>
  (
    await gql<{ signIn: { accessToken: string } }>(request, `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
      input: { email, password: DEMO_PASSWORD },
    })
  ).signIn.accessToken;

/** Selects `words` in the text field (the first time they appear). */
const select = (field: Locator, words: string) =>
  field.evaluate((el: HTMLTextAreaElement, w) => {
    const i = el.value.indexOf(w);
    el.focus();
    el.setSelectionRange(i, i + w.length);
  }, words);

for (const lang of ["ar", "fr"] as const) {
  const t = L[lang];

  test(`${lang}: the editor's toolbar writes Markdown, a citation becomes a note, the preview follows beside the text or behind a tab`, async ({
    browser,
  }) => {
    const { context, page } = await signedIn(browser, lang, "/root/zahle/rootpedia/new");
    await page.getByLabel(t.title, { exact: true }).fill(t.article);
    const text = page.getByLabel(t.text, { exact: true });
    await text.fill(t.body);
    const toolbar = page.getByRole("toolbar", { name: t.toolbar });
    await expect(toolbar.getByRole("button")).toHaveCount(7);

    // A heading of the first line, a word in bold; Ctrl+Z takes the bold back, as typing would.
    await select(text, t.body.split("\n")[0]);
    await toolbar.getByRole("button", { name: t.heading }).click();
    await select(text, t.word);
    await toolbar.getByRole("button", { name: t.bold }).click();
    await expect(text).toHaveValue(t.body.replace(/^/, "## ").replace(t.word, `**${t.word}**`));
    await text.press("ControlOrMeta+z");
    await expect(text).toHaveValue(`## ${t.body}`);
    await select(text, t.word);
    await text.press("ControlOrMeta+b");

    // A citation of a village: a numbered note at the end, its mark where the cursor was.
    await text.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await toolbar.getByRole("button", { name: t.cite }).click();
    const cite = page.getByRole("dialog");
    await cite.getByLabel(t.citeKind).selectOption("village");
    await cite.getByLabel(t.citeSearch).fill(t.village);
    await cite.getByRole("button", { name: t.village }).first().click();
    await expect(cite).toBeHidden();
    await expect(text).toHaveValue(/\[\^1\]\n\n\[\^1\]: \[[^\]]+\]\(roots:village\/ehden\)\n$/);
    // Nothing the member typed is escaped: parentheses and hyphens stay as written.
    expect(await text.inputValue()).not.toContain("\\");

    // Beside the text on a desktop: the server's preview, headings, bold and the note.
    const preview = page.getByTestId("rootpedia-live-preview");
    await expect(text).toBeVisible();
    await expect(preview.locator(".rootpedia-body strong")).toHaveText(t.word);
    await expect(preview.locator(".rootpedia-body h2").first()).toHaveText(t.body.split("\n")[0]);
    await expect(preview.locator(".rootpedia-body sup a")).toHaveText("1");
    await look(page, `editor-${lang}`);

    // The photo button opens the village's pictures (or says where to add one).
    await toolbar.getByRole("button", { name: t.photo }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await look(page, `editor-photo-${lang}`);
    await page.keyboard.press("Escape");

    // On a phone: a tab for the text and one for the preview.
    await page.setViewportSize(PHONE);
    const tabs = page.getByRole("tablist");
    await expect(tabs.getByRole("tab", { name: t.write })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("toolbar", { name: t.toolbar })).toBeVisible();
    await look(page, `editor-write-${lang}`);
    await tabs.getByRole("tab", { name: t.preview }).click();
    await expect(page.getByTestId("rootpedia-live-preview").locator(".rootpedia-body strong")).toHaveText(t.word);
    await look(page, `editor-preview-${lang}`);
    await tabs.getByRole("tab", { name: t.write }).click();

    // Saved as typed: the editor opened again shows the same text.
    const typed = await page.getByLabel(t.text, { exact: true }).inputValue();
    await page.getByRole("button", { name: t.save, exact: true }).click();
    await expect(page).toHaveURL(/\/rootpedia\/article\/[^/]+$/);
    await page.goto(`${new URL(page.url()).pathname}/edit`);
    await expect(page.getByLabel(t.text, { exact: true })).toHaveValue(typed);
    await context.close();
  });
}

/** An article of two revisions (through the API, as the curator: accepted at once), for the history's diff. */
const DIFF = {
  ar: {
    title: "طواحين البردوني",
    before: [
      "## التاريخ",
      "بُنيت الطاحونة الأولى سنة ١٨٢٠ على ضفة النهر.",
      "وبنى أهل الحي كنيسة مار الياس سنة ١٨٩٠ بحجارة من المقالع القريبة.",
      "يعود الجسر الحجري إلى القرن التاسع عشر.",
      "## العائلات",
      "كانت عائلة [المعلوف](roots:village/zahle) تملك طاحونتين.",
      "وعمل آل سكاف في طحن القمح.",
      "## الأماكن",
      "السوق المسقوف.",
      "مقاهي البردوني.",
    ],
    rewritten: ["وبنى أهل الحي كنيسة مار الياس سنة ١٨٩٠ بحجارة من المقالع القريبة.", "حلّت محلّها كنيسة جديدة بعد حريق ١٩٢٥ الكبير."],
    word: ["التاسع", "الثامن"],
    link: ["تملك طاحونتين.", "تملك طاحونتين على النهر."],
    moved: "مقاهي البردوني.",
  },
  fr: {
    title: "Les moulins du Berdaouni",
    before: [
      "## Histoire",
      "Le premier moulin fut bâti en 1820 sur la rive.",
      "L'église Saint\\-Élie fut bâtie en 1890 par les gens du quartier, avec des pierres des carrières voisines.",
      "Le pont de pierre date du XIXe siècle.",
      "## Familles",
      "La famille [Maalouf](roots:village/zahle) tenait deux moulins.",
      "Les Skaff moulaient le blé.",
      "## Lieux",
      "Le souk couvert.",
      "Les cafés du Berdaouni.",
    ],
    rewritten: [
      "L'église Saint\\-Élie fut bâtie en 1890 par les gens du quartier, avec des pierres des carrières voisines.",
      "Une chapelle neuve remplaça l'ancienne après le grand incendie de 1925.",
    ],
    word: ["XIXe", "XVIIIe"],
    link: ["tenait deux moulins.", "tenait deux moulins sur la rivière."],
    moved: "Les cafés du Berdaouni.",
  },
} as const;

for (const lang of ["ar", "fr"] as const) {
  const t = L[lang];
  const d = DIFF[lang];

  test(`${lang}: two revisions side by side on a desktop and stacked on a phone, as the article reads, with the history's size changes`, async ({
    browser,
    request,
  }) => {
    const curator = await token(request, "curator@roots.demo");
    const before = d.before.join("\n\n");
    // The last paragraph moved under the first heading; a sentence rewritten, a word and a link's paragraph changed.
    const after = [d.before[0], d.moved, ...d.before.slice(1, 9)]
      .map((p) => (p === d.rewritten[0] ? d.rewritten[1] : p.replace(d.word[0], d.word[1]).replace(d.link[0], d.link[1])))
      .join("\n\n");
    const made = await gql<{ createRootpediaArticle: { id: string; baseRevisionId: string } }>(
      request,
      `mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id baseRevisionId } }`,
      { input: { villageSlug: "zahle", language: lang, title: d.title, content: before, summary: "" } },
      curator,
    );
    const { id, baseRevisionId } = made.createRootpediaArticle;
    await gql(
      request,
      `mutation ($id: ID!, $input: RootpediaEditInput!) { editRootpediaArticle(id: $id, input: $input) { id } }`,
      { id, input: { title: d.title, content: after, summary: "", baseRevisionId } },
      curator,
    );

    const { context, page } = await signedIn(browser, lang, `/root/zahle/rootpedia/article/${id}`, "curator@roots.demo");
    await page.getByRole("link", { name: t.history, exact: true }).click();
    const diff = page.getByTestId("rootpedia-diff");
    await expect(diff).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    // The sentence mostly rewritten: the whole old one against the whole new one, never word by word.
    const old = d.rewritten[0].replace(/\\/g, "");
    await expect(diff.locator("del").filter({ hasText: old.slice(0, 20) })).toHaveText(old);
    await expect(diff.locator("ins").filter({ hasText: d.rewritten[1].slice(0, 20) })).toHaveText(d.rewritten[1]);
    // A word changed is marked alone; the paragraph moved is shown where it left and where it arrived.
    await expect(diff.locator("ins", { hasText: d.word[1] })).toHaveCount(1);
    await expect(diff.locator(".rootpedia-cmp__side--moved")).toHaveCount(2);
    // Markdown read: a heading looks like one, a link is a link; no escape, no mark.
    await expect(diff.locator(".rootpedia-cmp__h--2").first()).toBeVisible();
    await expect(diff.getByRole("link", { name: lang === "ar" ? "المعلوف" : "Maalouf" }).first()).toHaveAttribute(
      "href",
      "/libanpedia/zahle",
    );
    expect(await diff.innerText()).not.toMatch(/\\|\*\*|\]\(|##/);
    // Unchanged paragraphs are collapsed, with one of context beside each change.
    await expect(diff.locator(".rootpedia-cmp__skipped").first()).toBeVisible();
    await expect(diff.locator('[data-kind="SAME"]').first()).toBeVisible();
    // The history gives each revision's size change.
    await expect(page.getByTestId("rootpedia-size-change").first().locator("bdi")).toHaveText(/^[+−][\d,  ]+$/);

    // Side by side on a desktop (the old text first in the reading direction), one above the other on a phone.
    const row = diff.locator('[data-kind="CHANGED"]').first();
    const [a, b] = [
      await row.locator(".rootpedia-cmp__side--before").boundingBox(),
      await row.locator(".rootpedia-cmp__side--after").boundingBox(),
    ];
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    expect(lang === "ar" ? a!.x > b!.x : a!.x < b!.x).toBe(true);
    await look(page, `diff-${lang}`);
    await page.setViewportSize(PHONE);
    const [c, e] = [
      await row.locator(".rootpedia-cmp__side--before").boundingBox(),
      await row.locator(".rootpedia-cmp__side--after").boundingBox(),
    ];
    expect(e!.y).toBeGreaterThan(c!.y + c!.height - 1);
    await look(page, `diff-${lang}`);
    await context.close();
  });
}

test("articles read like an encyclopedia's: the outline has the village's history and contents; language links read in their own direction", async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, "ar", "/libanpedia/zahle");
  // The village's page shows its history; the article starts from it.
  const history = (await page.locator("section.card p").first().innerText()).slice(0, 40);
  await page.getByTestId("rootpedia-link").click();
  await page.getByTestId("rootpedia-articles").getByRole("link", { name: "زحلة", exact: true }).click();
  const body = page.getByTestId("rootpedia-article").locator(".rootpedia-body");
  await expect(body).toContainText(history);
  await expect(page.getByTestId("rootpedia-article")).not.toContainText("لم يُكتب شيء هنا بعد");
  // Its contents, each leading to its section.
  const toc = page.getByRole("navigation", { name: L.ar.contents });
  await toc.getByRole("link", { name: /العائلات/ }).click();
  await expect(page).toHaveURL(/#h-/);
  await expect(page.getByRole("heading", { level: 2, name: "العائلات" })).toBeInViewport();
  // "English: Zahle", left to right on an Arabic page, its colon after the language's name.
  const english = page.getByTestId("rootpedia-language-link").filter({ hasText: "English" });
  await expect(english).toHaveAttribute("dir", "ltr");
  await expect(english).toHaveText("English: Zahle");
  await look(page, "article-ar");
  await page.setViewportSize(PHONE);
  await look(page, "article-ar");

  // The French version, read in French: its contents, and the Arabic link right to left.
  await page.setViewportSize(DESKTOP);
  await page.getByTestId("rootpedia-language-link").filter({ hasText: "Français" }).click();
  await page.getByLabel("اللغة", { exact: true }).selectOption("fr");
  await expect(page.getByRole("navigation", { name: L.fr.contents })).toBeVisible();
  const arabic = page.getByTestId("rootpedia-language-link").filter({ hasText: "العربية" });
  await expect(arabic).toHaveAttribute("dir", "rtl");
  await expect(arabic).toHaveText("العربية: زحلة");
  await look(page, "article-fr");
  await page.setViewportSize(PHONE);
  await look(page, "article-fr");
  await context.close();
});
