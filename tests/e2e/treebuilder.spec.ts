import { readFileSync } from "node:fs";
import { expect, test, type Locator } from "@playwright/test";
import { addFirstPerson, addFromDialog, signUpInArabic } from "./tree-support.js";
import { signInDemo } from "./sign-in.js";

const x = async (l: Locator) => (await l.boundingBox())!.x;

test.describe("tree builder", () => {
  test("a visitor to /treebuilder is told what it is and invited to sign in", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/treebuilder");
    await expect(page.getByTestId("tree-visitor")).toContainText("Build your family tree");
    await expect(page.getByTestId("tree-visitor").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?returnTo=%2Ftreebuilder",
    );
    await page.screenshot({ path: "test-results/screens/treebuilder-visitor-en.png", fullPage: true });
    await context.close();
  });

  test("a member builds three generations from the chart in Arabic, drawn right to left; zoom; export", async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale: "ar", acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signUpInArabic(page, "tree");

    await addFirstPerson(page, "سامي الحداد", "Sami Haddad", "1985");
    const cards = page.getByTestId("chart-card");
    await expect(cards).toHaveCount(1);
    const actions = page.getByTestId("card-actions");
    await expect(actions).toContainText("سامي الحداد");

    // Father, from the root's card.
    await actions.getByRole("button", { name: "أضف الأب" }).click();
    await addFromDialog(page, "أضف الأب", "نبيل الحداد", "Nabil Haddad", "1950");
    await expect(cards).toHaveCount(2);

    // Grandfather, from the father's card.
    await cards.filter({ hasText: "نبيل الحداد" }).click();
    await expect(actions).toContainText("نبيل الحداد");
    await actions.getByRole("button", { name: "أضف الأب" }).click();
    await page.screenshot({ path: "test-results/screens/treebuilder-dialog-ar.png" });
    await addFromDialog(page, "أضف الأب", "خليل الحداد", "Khalil Haddad", "ABT 1915", "1988");
    await expect(cards).toHaveCount(3);

    // Right to left: the person right-most, then the father, the grandfather left-most.
    const [me, father, grandfather] = [
      cards.filter({ hasText: "سامي الحداد" }),
      cards.filter({ hasText: "نبيل الحداد" }),
      cards.filter({ hasText: "خليل الحداد" }),
    ];
    expect(await x(me)).toBeGreaterThan(await x(father));
    expect(await x(father)).toBeGreaterThan(await x(grandfather));
    await expect(grandfather).toContainText("Khalil Haddad");
    await expect(grandfather).toContainText("1915–1988");
    await page.screenshot({ path: "test-results/screens/treebuilder-pedigree-ar.png", fullPage: true });
    await page.getByTestId("chart-viewport").screenshot({ path: "test-results/screens/treebuilder-chart-ar.png" });

    // A child, from the root's card: the chart turns to descendants, the child to the left.
    await me.click();
    await actions.getByRole("button", { name: "أضف ولداً" }).click();
    await addFromDialog(page, "أضف ولداً", "كريم الحداد", "Karim Haddad", "2015");
    await expect(page.getByRole("button", { name: "الذرية" })).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(2);
    expect(await x(cards.filter({ hasText: "سامي الحداد" }))).toBeGreaterThan(await x(cards.filter({ hasText: "كريم الحداد" })));
    // A spouse, drawn beside the person in the same generation.
    await cards.filter({ hasText: "سامي الحداد" }).click();
    await actions.getByRole("button", { name: "أضف الزوج أو الزوجة" }).click();
    await addFromDialog(page, "أضف الزوج أو الزوجة", "ريما الحداد", "Rima Haddad", "1987");
    const spouse = page.locator('[data-testid="chart-card"][data-role="spouse"]');
    await expect(spouse).toContainText("ريما الحداد");
    expect(Math.abs((await x(spouse)) - (await x(cards.filter({ hasText: "سامي الحداد" }).first())))).toBeLessThan(2);
    await page.screenshot({ path: "test-results/screens/treebuilder-descendants-ar.png", fullPage: true });

    // Zoom in and out with the buttons, and from the keyboard.
    const viewport = page.getByTestId("chart-viewport");
    const zoom = async () => Number(await viewport.getAttribute("data-zoom"));
    const z0 = await zoom();
    await page.getByRole("button", { name: "تكبير" }).click();
    expect(await zoom()).toBeGreaterThan(z0);
    await page.getByRole("button", { name: "تصغير" }).click();
    await page.getByRole("button", { name: "تصغير" }).click();
    expect(await zoom()).toBeLessThan(z0);
    await viewport.focus();
    await page.keyboard.press("0");
    expect(await zoom()).toBeCloseTo(z0, 2);

    await page.getByRole("button", { name: "الأجداد" }).click();
    await expect(cards).toHaveCount(4); // three generations and the spouse beside the root
    // Export, from the chart's menu: the pedigree as SVG (Arabic names and the Arabic font inside) and as PNG.
    const exportMenu = page.getByText("تصدير", { exact: true });
    await exportMenu.click();
    const [svgDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "تصدير SVG" }).click()]);
    expect(svgDownload.suggestedFilename()).toBe("Sami-Haddad-pedigree.svg");
    const svg = readFileSync((await svgDownload.path())!, "utf8");
    for (const name of ["سامي الحداد", "نبيل الحداد", "خليل الحداد", "Khalil Haddad", "ريما الحداد"]) expect(svg).toContain(name);
    expect(svg).toContain("@font-face{font-family:'Noto Naskh Arabic'");
    expect(svg).not.toContain("scale(");
    await exportMenu.click();
    const [pngDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "تصدير PNG" }).click()]);
    expect(pngDownload.suggestedFilename()).toBe("Sami-Haddad-pedigree.png");
    const png = readFileSync((await pngDownload.path())!);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    await pngDownload.saveAs("test-results/screens/treebuilder-export-ar.png");

    // The cedar of the same person.
    await page.getByRole("link", { name: "شاهد ذريتك على شكل أرزة" }).click();
    await expect(page).toHaveURL(/\/roots\/cedar/);
    await expect(page.getByTestId("cedar-leaf")).toHaveCount(1);
    await expect(page.getByTestId("cedar-root")).toContainText("سامي الحداد");
    // From the grandfather: three generations of leaves above his trunk.
    await page.getByLabel("شجرة", { exact: true }).selectOption({ label: "خليل الحداد" });
    await expect(page.getByTestId("cedar-leaf")).toHaveCount(3);
    await expect(page.getByTestId("cedar-root")).toContainText("خليل الحداد");
    await page.screenshot({ path: "test-results/screens/cedar-ar.png", fullPage: true });

    // English: the same tree left to right.
    await page.goto("/roots");
    await page.getByLabel("اللغة").selectOption("en");
    await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
    // The builder remembers the root last chosen (the grandfather, on the cedar page).
    await expect(page.getByLabel("Tree of")).toHaveValue(/.+/);
    await page.getByLabel("Tree of").selectOption({ label: "Sami Haddad" });
    await expect(cards).toHaveCount(4);
    expect(await x(cards.filter({ hasText: "Sami Haddad" }))).toBeLessThan(await x(cards.filter({ hasText: "Khalil Haddad" })));
    await page.screenshot({ path: "test-results/screens/treebuilder-pedigree-en.png", fullPage: true });
    await context.close();
  });

  test("the demo member's tree, larger: pedigree and descendants in English", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, {
      locale: "en-US",
      path: "/roots",
      options: { viewport: { width: 1280, height: 900 } },
    });
    await expect(page.getByTestId("chart-card").first()).toBeVisible();
    expect(await page.getByLabel("Tree of").locator("option").count()).toBeGreaterThan(1);
    await page.screenshot({ path: "test-results/screens/treebuilder-demo-pedigree-en.png", fullPage: true });
    await page.getByRole("button", { name: "Descendants" }).click();
    await page.screenshot({ path: "test-results/screens/treebuilder-demo-descendants-en.png", fullPage: true });
    await context.close();
  });
});
