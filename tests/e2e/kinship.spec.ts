import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { gedcom551 } from "../gedcom/helpers.js";
import { addFirstPerson, addFromDialog, signUpInArabic } from "./tree-support.js";

const SHOTS = process.env.PERSON_SHOTS ?? "/tmp/person-shots";
mkdirSync(SHOTS, { recursive: true });

/** Selects a card of the chart by the name it shows. */
const card = (page: Page, name: string) => page.getByTestId("chart-card").filter({ hasText: name }).first();

test.describe("kinship and where the tree opens, in Arabic", () => {
  test("a member adds their father's brother and his page says عم; the same page in English and on a phone", async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale: "ar", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signUpInArabic(page, "kinship");

    // Me, my father, his father; then my grandfather's son, a man: my paternal uncle.
    await addFirstPerson(page, "سامي الحداد", "Sami Haddad", "1980");
    const actions = page.getByTestId("card-actions");
    await actions.getByRole("button", { name: "أضف الأب" }).click();
    await addFromDialog(page, "أضف الأب", "نبيل الحداد", "Nabil Haddad", "ABT 1950");
    await card(page, "نبيل الحداد").click();
    // He has no father yet: offered; once added, no longer.
    await actions.getByRole("button", { name: "أضف الأب" }).click();
    await addFromDialog(page, "أضف الأب", "يوسف الحداد", "Youssef Haddad", "1920");
    await expect(actions.getByRole("button", { name: "أضف الأب" })).toHaveCount(0);
    await card(page, "يوسف الحداد").click();
    await actions.getByRole("button", { name: "أضف ولداً" }).click();
    await page.getByRole("dialog").getByLabel("الجنس").selectOption("M");
    await addFromDialog(page, "أضف ولداً", "جورج الحداد", "Georges Haddad", "1955");

    // My own page: before "This is me", a gentle prompt; then I mark it.
    await card(page, "سامي الحداد").click();
    await actions.getByRole("link", { name: "افتح صفحة الشخص" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("سامي الحداد");
    await expect(page.getByTestId("kinship-prompt")).toContainText("هذا أنا");
    await page.getByRole("button", { name: "هذا أنا" }).click();
    await expect(page.getByTestId("self-record")).toContainText("هذا أنت");
    // My father is there, with the "about" mark kept; no second father is offered.
    await expect(page.getByTestId("parent-item")).toContainText("~1950");
    await expect(page.getByRole("button", { name: "أضف الأب" })).toHaveCount(0);

    // The grandfather's page lists his children; the uncle's page says what he is to me.
    await page.getByTestId("pedigree").getByText("نبيل الحداد").click();
    await expect(page.getByTestId("kinship-name")).toHaveText("أب");
    await page.getByTestId("pedigree").getByText("يوسف الحداد").click();
    await expect(page.getByTestId("kinship-name")).toHaveText("جد لأب");
    await page
      .getByRole("link", { name: /جورج الحداد/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("جورج الحداد");
    await expect(page.getByTestId("kinship-name")).toHaveText("عم");
    await expect(page.getByTestId("person-provenance")).not.toContainText("%");
    await page.screenshot({ path: `${SHOTS}/person-ar-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/person-ar-390.png`, fullPage: true });

    // On a phone the language is in the header's menu.
    await page.getByTestId("header-menu-button").click();
    await page.getByLabel("اللغة").selectOption("en");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("kinship-name")).toHaveText("paternal uncle");
    await page.screenshot({ path: `${SHOTS}/person-en-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${SHOTS}/person-en-1366.png`, fullPage: true });
    await context.close();
  });

  test("after a first import the tree opens on the file's centre with the chooser open, then on me", async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale: "ar", viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signUpInArabic(page, "opens");
    // Aaron (first by name) is an in-law; Boulos has four children; Sami (me) is one of them.
    const file = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Aaron /Abboud/",
      "1 SEX M",
      "1 FAMS @F2@",
      "0 @I2@ INDI",
      "1 NAME Boulos /Haddad/",
      "1 SEX M",
      "1 FAMS @F1@",
      "0 @I3@ INDI",
      "1 NAME Sami /Haddad/",
      "1 SEX M",
      "1 FAMC @F1@",
      "0 @I4@ INDI",
      "1 NAME Rima /Haddad/",
      "1 SEX F",
      "1 FAMC @F1@",
      "1 FAMS @F2@",
      "0 @I5@ INDI",
      "1 NAME Nour /Haddad/",
      "1 SEX F",
      "1 FAMC @F1@",
      "0 @I6@ INDI",
      "1 NAME Karim /Haddad/",
      "1 SEX M",
      "1 FAMC @F1@",
      "0 @F1@ FAM",
      "1 HUSB @I2@",
      "1 CHIL @I3@",
      "1 CHIL @I4@",
      "1 CHIL @I5@",
      "1 CHIL @I6@",
      "0 @F2@ FAM",
      "1 HUSB @I1@",
      "1 WIFE @I4@",
    );
    await page.goto("/roots/import");
    await page.getByTestId("import-file").setInputFiles({ name: "haddad.ged", mimeType: "text/plain", buffer: file });
    await expect(page.getByRole("heading", { name: "راجع قبل الاستيراد" })).toBeVisible({ timeout: 30_000 });
    await page
      .getByRole("button", { name: /استيراد/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "تمّ استيراد شجرتك" })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("link", { name: "عرض شجرتي" }).click();

    // Not Aaron: Boulos, the most connected, and the chooser says how to open on oneself.
    const actions = page.getByTestId("card-actions");
    await expect(actions).toContainText("Boulos Haddad");
    await expect(page.getByTestId("root-picker")).toContainText("هذا أنا");
    await expect(page.getByRole("searchbox", { name: "ابحث عن شخص في شجرتك" })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/tree-opened-ar-1366.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/tree-opened-ar-390.png` });
    await page.setViewportSize({ width: 1366, height: 900 });

    // A root the member chooses is where the tree opens next time.
    const picker = page.getByTestId("root-picker").getByRole("combobox");
    await picker.selectOption({ label: "Karim Haddad" });
    await expect(actions).toContainText("Karim Haddad");
    await page.goto("/roots");
    await expect(actions).toContainText("Karim Haddad");
    await expect(page.getByTestId("root-picker")).not.toContainText("هذا أنا");

    // Sami marks his record: the tree now opens on him before any chosen root.
    await page.getByTestId("root-picker").getByRole("combobox").selectOption({ label: "Sami Haddad" });
    await actions.getByRole("link", { name: "افتح صفحة الشخص" }).click();
    await page.getByRole("button", { name: "هذا أنا" }).click();
    await expect(page.getByTestId("self-record")).toContainText("هذا أنت");
    await page.goto("/roots");
    await picker.selectOption({ label: "Karim Haddad" });
    await expect(actions).toContainText("Karim Haddad");
    await page.goto("/roots");
    await expect(actions).toContainText("Sami Haddad");
    await context.close();
  });
});
