import { readFileSync } from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import { gedcom551 } from "../gedcom/helpers.js";
import { signInDemo } from "./sign-in.js";

const GEDCOM = `0 HEAD
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Tanios /Frangieh/
2 ROMN Tanios Frangieh
1 NAME طانيوس /فرنجية/
1 SEX M
1 BIRT
2 DATE ABT 1870
2 PLAC Zgharta, North, Lebanon
1 DEAT
2 DATE 1941
1 FAMS @F1@
1 NOTE Kept the family's olive press in Ehden.
2 CONT He wrote its accounts in Arabic and French.
1 SOUR @S1@
0 @I2@ INDI
1 NAME Boutros /Frangieh/
1 NAME بطرس /فرنجية/
1 SEX M
1 BIRT
2 DATE 1901
1 DEAT
2 DATE 1975
1 FAMC @F1@
1 _MILT Served in the Lebanese gendarmerie
0 @F1@ FAM
1 HUSB @I1@
1 CHIL @I2@
0 @S1@ SOUR
1 TITL سجل عماد رعية إهدن
0 TRLR
`;

/** The demo member, signed in, on /roots/import, in English. */
const memberOnImportPage = (browser: Browser) => signInDemo(browser, { locale: "en-US", path: "/roots/import" });

test.describe("GEDCOM import and export", () => {
  test("a member uploads a GEDCOM in Arabic, watches it read, reviews, confirms, sees the tree, and exports it", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/roots/import", options: { acceptDownloads: true } });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("استيراد ملف شجرة عائلة");

    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "frangieh.ged", mimeType: "text/plain", buffer: Buffer.from(GEDCOM, "utf8") });
    await expect(page).toHaveURL(/job=/);
    await expect(page.getByRole("heading", { name: "راجع قبل الاستيراد" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("import-summary")).toContainText("2");
    await page.screenshot({ path: "test-results/screens/import-gedcom-review-ar.png", fullPage: true });
    await page
      .getByRole("button", { name: /استيراد/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "تمّ استيراد شجرتك" })).toBeVisible({ timeout: 20_000 });
    // The tree opens where it opens for this member (their own record); the file's people are found by name.
    await page.getByRole("link", { name: "عرض شجرتي" }).click();
    await page.getByRole("searchbox", { name: "ابحث عن شخص في شجرتك" }).fill("طانيوس");
    await page.getByRole("button", { name: /طانيوس فرنجية/ }).click();
    await expect(page.getByTestId("card-actions")).toContainText("طانيوس فرنجية");
    // Their page shows the file's note, line by line.
    await page.getByTestId("card-actions").getByRole("link", { name: "افتح صفحة الشخص" }).click();
    await expect(page.getByTestId("pedigree").getByTestId("person-card").first()).toContainText("~1870–1941");
    await expect(page.getByTestId("person-notes")).toHaveText(
      "Kept the family's olive press in Ehden.\nHe wrote its accounts in Arabic and French.",
    );
    // The source the file cites, by its title.
    await expect(page.getByTestId("person-sources")).toHaveText("سجل عماد رعية إهدن");
    await page.screenshot({ path: "test-results/screens/import-gedcom-person-ar.png", fullPage: true });

    // The tree: the imported people are there, in both scripts.
    await page.goto("/roots/export");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("تصدير شجرتي");
    // The extensions read left to right inside the Arabic labels.
    await expect(page.locator('label bdi[dir="ltr"]', { hasText: ".gdz" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "تنزيل" }).click();
    expect((await download).suggestedFilename()).toBe("roots-tree-7.0.ged");
    const text = readFileSync(await (await download).path(), "utf8");
    expect(text).toContain("2 VERS 7.0");
    expect(text).toContain("فرنجية");
    expect(text).toContain("1 _MILT Served in the Lebanese gendarmerie");
    await page.screenshot({ path: "test-results/screens/export-ar.png", fullPage: true });
    await context.close();
  });

  test("a file that is not GEDCOM is refused with a clear reason, in English", async ({ browser }) => {
    const { context, page } = await memberOnImportPage(browser);
    await page
      .getByTestId("import-file")
      .setInputFiles({ name: "letter.ged", mimeType: "text/plain", buffer: Buffer.from("Dear cousin,\nhere is the family history.\n") });
    await expect(page.getByRole("alert")).toContainText("0 HEAD", { timeout: 20_000 });
    await page.screenshot({ path: "test-results/screens/import-gedcom-refused-en.png", fullPage: true });
    await context.close();
  });

  test("after importing a second file, a member merges a person it repeats into their own record, in English", async ({ browser }) => {
    const khalil = ["0 @I1@ INDI", "1 NAME Khalil /Aoun-Merge/", "1 BIRT", "2 DATE 1880", "1 DEAT", "2 DATE 1950"];
    const { context, page } = await memberOnImportPage(browser);
    const importFile = async (name: string, body: Buffer) => {
      await page.getByTestId("import-file").setInputFiles({ name, mimeType: "text/plain", buffer: body });
      await expect(page.getByRole("heading", { name: "Review before importing" })).toBeVisible({ timeout: 20_000 });
      await page.getByRole("button", { name: /^Import \W?\d/ }).click();
      await expect(page.getByRole("heading", { name: "Your tree is imported" })).toBeVisible({ timeout: 20_000 });
    };
    await importFile("aoun-first.ged", gedcom551(...khalil));
    await page.getByRole("button", { name: "Import another file" }).click();
    // The second file repeats Khalil (another file: not a re-import) and adds his son.
    await importFile(
      "aoun-second.ged",
      gedcom551(
        ...khalil,
        "1 FAMS @F1@",
        "0 @I2@ INDI",
        "1 NAME Said /Aoun-Merge/",
        "1 BIRT",
        "2 DATE 1910",
        "1 FAMC @F1@",
        "0 @F1@ FAM",
        "1 HUSB @I1@",
        "1 CHIL @I2@",
      ),
    );
    const duplicates = page.getByTestId("import-duplicates");
    await expect(duplicates).toContainText("looks like");
    await page.screenshot({ path: "test-results/screens/import-duplicates-en.png", fullPage: true });
    await duplicates.getByRole("button", { name: /^Merge .*Khalil Aoun-Merge/ }).click();
    await duplicates.getByRole("alertdialog").getByRole("button", { name: "Merge" }).click();
    await expect(duplicates).toContainText("Merged or removed");
    // One Khalil now, the father of Said.
    await duplicates.getByRole("link", { name: /Khalil Aoun-Merge/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Khalil Aoun-Merge");
    await expect(page.getByRole("main")).toContainText("Said Aoun-Merge");
    await context.close();
  });
});
