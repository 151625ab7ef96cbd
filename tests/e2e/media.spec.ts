import { expect, test } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";
import { gql } from "./api.js";

const PORTRAIT = fileURLToPath(new URL("../fixtures/media/portrait-gps.jpg", import.meta.url));

test.describe("pictures", () => {
  test("a member adds a portrait in Arabic: it shows on the person page and on the chart card; a village photo waits for review", async ({
    browser,
    request,
  }) => {
    const email = `portrait-${Date.now()}@example.test`;
    await gql(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
      input: { email, password: DEMO_PASSWORD, displayName: "ليلى معلوف", preferredLanguage: "ar" },
    });
    const { accessToken } = (
      await gql<{ signIn: { accessToken: string } }>(request, `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
        input: { email, password: DEMO_PASSWORD },
      })
    ).signIn;
    const person = await gql<{ createPerson: { id: string } }>(
      request,
      `mutation ($input: PersonInput!) { createPerson(input: $input) { id } }`,
      { input: { fullName: "Charlotte Maalouf", fullNameAr: "شارلوت معلوف", birthDate: "1816", deathDate: "1855" } },
      accessToken,
    );
    const id = person.createPerson.id;

    const { context, page } = await signInDemo(browser, { locale: "ar", path: `/person/${id}`, email });
    const portrait = page.getByTestId("person-portrait");
    await portrait.getByRole("button", { name: "إضافة صورة شخصية" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("ملف الصورة").setInputFiles(PORTRAIT);
    await expect(dialog.getByRole("img", { name: "معاينة الصورة المختارة" })).toBeVisible();
    await dialog.getByLabel("التعليق بالعربية").fill("صورة في بيروت");
    await dialog.getByRole("button", { name: "رفع" }).click();
    // Uploaded, processed on the server, then shown: the dialog closes on its own.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const img = portrait.getByRole("img", { name: /^صورة .*شارلوت معلوف/ });
    await expect(img).toBeVisible();
    // The browser got a processed size through a signed link, never the upload itself.
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(
      /\/media\/[0-9a-f]{64}\/w\d+\.(webp|jpg)\?e=\d+&x=p&m=[0-9a-f-]{36}&s=/,
    );
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: "test-results/screens/person-portrait-ar-1366.png" });

    await page.goto(`/roots?root=${encodeURIComponent(id)}`);
    const card = page.locator(`[data-testid="chart-card"][data-person-id="${id}"]`);
    await expect(card.locator("image[data-portrait]")).toHaveCount(1);
    await expect.poll(() => card.locator("image[data-portrait]").evaluate((el: SVGImageElement) => el.getBBox().width)).toBeGreaterThan(20);
    await page.screenshot({ path: "test-results/screens/chart-portrait-ar-1366.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/screens/chart-portrait-ar-390.png" });

    // A member's village photo waits for the village's curators.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/libanpedia/zahle");
    const gallery = page.getByTestId("village-photos");
    await gallery.getByRole("button", { name: "إضافة صورة" }).click();
    await expect(dialog.getByText("يراجع أحد أمناء القرية صورتك")).toBeVisible();
    await dialog.getByLabel("ملف الصورة").setInputFiles(PORTRAIT);
    await dialog.getByRole("button", { name: "رفع" }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByTestId("village-photos-waiting").getByText("بانتظار المراجعة").first()).toBeVisible();
    await gallery.screenshot({ path: "test-results/screens/village-photos-ar-1366.png" });
    await context.close();
  });

  test("a file that is not a picture is refused with the reason, in Arabic, and nothing is added", async ({ browser }) => {
    const { context, page } = await signInDemo(browser, { locale: "ar", path: "/libanpedia/zahle", email: "member@roots.demo" });
    const gallery = page.getByTestId("village-photos");
    const before = await gallery.getByTestId("media-tile").count();
    await gallery.getByRole("button", { name: "إضافة صورة" }).click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByLabel("ملف الصورة")
      .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<?php echo 1; ?>") });
    await dialog.getByRole("button", { name: "رفع" }).click();
    await expect(dialog.getByRole("alert")).toContainText("هذا الملف ليس صورة يقبلها جذور");
    await dialog.getByRole("button", { name: "إلغاء" }).click();
    await expect(gallery.getByTestId("media-tile")).toHaveCount(before);
    await context.close();
  });
});
