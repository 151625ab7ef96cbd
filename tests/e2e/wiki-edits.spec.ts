import { expect, test, type Page } from "@playwright/test";
import { signInDemo } from "./sign-in.js";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
const shoot = async (page: Page, name: string) => {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
};

// Two signed-in tabs, a reload and screenshots at two widths: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("a curator reviews beside the diff, accepts from the history, and is told what happened", async ({ browser }) => {
  const member = await signInDemo(browser, { locale: "ar", path: "/libanpedia/zahle" });
  await member.page.goto("/root/zahle/rootpedia");
  await member.page.getByTestId("rootpedia-articles").getByRole("link", { name: "زحلة" }).click();
  const articleUrl = member.page.url();
  await member.page.getByRole("link", { name: "تحرير" }).click();
  const text = member.page.getByLabel("النص", { exact: true });
  await text.fill(`${await text.inputValue()}\n\nتقع زحلة قرب مرصد كسارة.`);
  await member.page.getByRole("button", { name: "حفظ" }).click();
  await expect(member.page).toHaveURL(articleUrl);
  // The member sees their edit waiting, without review buttons.
  await expect(member.page.getByTestId("rootpedia-pending")).toBeVisible();
  await expect(member.page.getByTestId("rootpedia-review")).toHaveCount(0);
  await member.context.close();

  const curator = await signInDemo(browser, { locale: "ar", path: new URL(articleUrl).pathname, email: "curator@roots.demo" });
  const page = curator.page;
  // Accept and Refuse sit beside the change against the stable version.
  const review = page.getByTestId("rootpedia-review");
  await expect(review.getByTestId("rootpedia-diff").locator("ins", { hasText: "كسارة" })).toBeVisible();
  await expect(review.getByRole("button", { name: "قبول التعديل" })).toBeVisible();
  await shoot(page, "review-article-ar");

  // The same from the history: the pending row opens its diff with the decision beside it.
  await page.getByRole("link", { name: "السجل" }).click();
  const history = page.getByTestId("rootpedia-history");
  // No hiding of the outline Roots wrote; hiding is a secondary action on the member's row.
  await expect(history.locator("tbody tr").last().getByRole("button", { name: "إخفاء (تخريب)" })).toHaveCount(0);
  await expect(history.locator("tbody tr").first().getByRole("button", { name: "إخفاء (تخريب)" })).not.toHaveClass(/button--danger/);
  await history.getByRole("button", { name: "راجِع هذا التغيير" }).click();
  await expect(page.getByTestId("rootpedia-review").locator("ins", { hasText: "كسارة" })).toBeVisible();
  await shoot(page, "review-history-ar");
  await page.getByTestId("rootpedia-review").getByRole("button", { name: "قبول التعديل" }).click();
  await expect(page.getByTestId("rootpedia-review-done")).toContainText("قُبل التعديل");
  await expect(page.getByTestId("rootpedia-review")).toHaveCount(0);

  // In English, the same page after the decision.
  await page.getByLabel("اللغة", { exact: true }).selectOption("en");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("History of");
  await shoot(page, "review-history-en");
  await curator.context.close();
});

/**
 * No edit is lost: two tabs edit the same line of an article. The second save is refused with the
 * other change, the member's text and the base side by side; saving again is not possible until the
 * member resolves; the resolved text is saved on the newest version and keeps both changes. A draft
 * survives a reload.
 */
test("two tabs edit the same line: nothing is lost, the member resolves against the newest version", async ({ browser }) => {
  const { context, page } = await signInDemo(browser, { locale: "ar", path: "/root/zahle/rootpedia/new" });
  await page.getByLabel("العنوان").fill("الجسر القديم");
  await page.getByLabel("النص", { exact: true }).fill("الجسر القديم فوق النهر.\nالطاحونة.\n");
  await page.getByRole("button", { name: "حفظ" }).click();
  await expect(page).toHaveURL(/\/rootpedia\/article\/[^/]+$/);
  const editUrl = `${page.url()}/edit`;

  // Two tabs open the editor on the same revision.
  const one = page;
  const two = await context.newPage();
  await one.goto(editUrl);
  await two.goto(editUrl);
  await one.getByLabel("النص", { exact: true }).fill("الجسر الحجري القديم فوق النهر.\nالطاحونة.\n");
  await two.getByLabel("النص", { exact: true }).fill("الجسر الروماني القديم فوق النهر.\nالطاحونة.\n");

  // A reload keeps the second tab's text (kept in this browser, per article).
  await two.reload();
  await expect(two.getByTestId("rootpedia-draft-restored")).toBeVisible();
  await expect(two.getByLabel("النص", { exact: true })).toHaveValue("الجسر الروماني القديم فوق النهر.\nالطاحونة.\n");

  await one.getByRole("button", { name: "حفظ" }).click();
  await expect(one).not.toHaveURL(/\/edit$/);

  // The second tab's save is refused: the other change, its own text and the base are shown.
  await two.getByRole("button", { name: "حفظ" }).click();
  const conflict = two.getByTestId("rootpedia-conflict");
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId("rootpedia-diff").locator("ins")).toContainText("الحجري");
  await expect(conflict.getByTestId("rootpedia-conflict-mine")).toContainText("الروماني");
  // Saving again without resolving is not possible: a second click changes nothing.
  const save = two.getByRole("button", { name: "احفظ على أحدث نسخة" });
  await expect(save).toBeDisabled();
  await shoot(two, "conflict-ar");

  // The member brings the other change into their text and saves on the newest version.
  await two.getByLabel("النص", { exact: true }).fill("الجسر الحجري الروماني القديم فوق النهر.\nالطاحونة.\n");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(two).not.toHaveURL(/\/edit$/);
  await expect(two.getByTestId("rootpedia-pending")).toBeVisible();

  // Both changes are in the newest revision; no draft is left behind.
  await two.goto(editUrl);
  await expect(two.getByLabel("النص", { exact: true })).toHaveValue("الجسر الحجري الروماني القديم فوق النهر.\nالطاحونة.\n");
  await expect(two.getByTestId("rootpedia-draft-restored")).toBeHidden();
  await context.close();
});

test("the conflict panel in French, on a phone", async ({ browser }) => {
  const { context, page } = await signInDemo(browser, { locale: "ar", path: "/root/zahle/rootpedia/new" });
  await page.getByLabel("اللغة", { exact: true }).selectOption("fr");
  await page.getByLabel("Titre").fill("Le moulin");
  await page.getByLabel("Texte").fill("Le vieux moulin.\n");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page).toHaveURL(/\/rootpedia\/article\/[^/]+$/);
  const editUrl = `${page.url()}/edit`;
  const two = await context.newPage();
  await page.goto(editUrl);
  await two.goto(editUrl);
  await page.getByLabel("Texte").fill("Le vieux moulin à eau.\n");
  await two.getByLabel("Texte").fill("Le vieux moulin de pierre.\n");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page).not.toHaveURL(/\/edit$/);
  await two.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(two.getByTestId("rootpedia-conflict")).toBeVisible();
  await two.getByRole("button", { name: "Partir de la version la plus récente (votre texte reste à côté)" }).click();
  await expect(two.getByLabel("Texte")).toHaveValue("Le vieux moulin à eau.\n");
  await expect(two.getByTestId("rootpedia-conflict-mine")).toContainText("de pierre");
  await shoot(two, "conflict-fr");
  await context.close();
});
