import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { gql } from "./api.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";

// One entry per village: a curator of two duplicate villages merges them from the merge screen,
// in Arabic, and the merged-away village's old address leads to the kept one.

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const data = await gql<{ signIn: { accessToken: string } }>(
    request,
    `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`,
    { input: { email, password: DEMO_PASSWORD } },
  );
  return data.signIn.accessToken;
}

/** The village page's coordinates, without the bidi isolates the translations put around values. */
const coordinates = async (page: Page) =>
  (
    (await page
      .locator(".facts__row", { has: page.locator("dt", { hasText: /Coordinates|الإحداثيات/ }) })
      .locator("dd")
      .textContent()) ?? ""
  ).replace(/[\u2066-\u2069]/g, "");

async function shoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("a curator merges a duplicate village in Arabic, and the old address redirects", async ({ browser, request }) => {
  // Two "Haret el Faouqa" of the Zahle caza, 1.7 km apart: a likely duplicate the curator is given both of.
  const admin = await tokenOf(request, "admin@roots.demo");
  const curator = await tokenOf(request, "curator@roots.demo");
  const { viewer } = await gql<{ viewer: { id: string } }>(request, `{ viewer { id } }`, {}, curator);
  const slugs = ["haret-faouqa-2", "haret-faouqa-3"];
  const ids: string[] = [];
  for (const slug of slugs) {
    const { village } = await gql<{ village: { id: string; district: string } }>(
      request,
      `query ($s: String!) { village(slug: $s) { id district } }`,
      { s: slug },
    );
    expect(village.district).toBe("Zahle");
    ids.push(village.id);
    await gql(
      request,
      `mutation ($input: CuratorAssignmentInput!) { assignVillageCurator(input: $input) { villageId } }`,
      { input: { userId: viewer.id, villageId: village.id } },
      admin,
    );
  }

  const { context, page } = await signInDemo(browser, { locale: "ar", path: "/management/villages", email: "curator@roots.demo" });
  await page.getByTestId("merge-link").click();
  await expect(page).toHaveURL(/\/management\/villages\/merge$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("دمج القرى المكرّرة");
  const pair = page.getByTestId("merge-suggestions").getByRole("listitem").filter({ hasText: slugs[0] }).filter({ hasText: slugs[1] });
  await expect(pair).toBeVisible();
  await expect(pair).toContainText("القضاء نفسه");
  await expect(pair).toContainText(/على بُعد .* كم/);
  await shoot(page, "merge-ar");

  // Keep the first, merge the second into it: asked first, then done.
  await pair.getByRole("button").first().click();
  await expect(pair.getByRole("alertdialog")).toContainText("لا يمكن التراجع");
  await pair.getByRole("button", { name: "ادمج", exact: true }).click();
  await expect(page.getByTestId("merge-done")).toContainText("دُمجت");
  await expect(page.getByTestId("merge-suggestions").getByRole("listitem").filter({ hasText: slugs[1] })).toHaveCount(0);

  // The old address lands on the kept village.
  await page.goto(`/libanpedia/${slugs[1]}`);
  await expect(page).toHaveURL(new RegExp(`/libanpedia/${slugs[0]}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const { village } = await gql<{ village: { id: string } }>(request, `query ($s: String!) { village(slug: $s) { id } }`, { s: slugs[1] });
  expect(village.id).toBe(ids[0]);
  await context.close();
});

test("the merge screen in English, and a village page: coordinates in degrees, festivals apart from family events, families and members", async ({
  browser,
}) => {
  const en = await signInDemo(browser, { locale: "en-US", path: "/management/villages/merge", email: "admin@roots.demo" });
  await expect(en.page.getByRole("heading", { level: 1 })).toHaveText("Merge duplicate villages");
  await expect(en.page.getByTestId("merge-suggestions").getByRole("listitem").first()).toContainText("Same caza");
  await shoot(en.page, "merge-en");

  await en.page.goto("/libanpedia/zahle");
  await expect(en.page.getByTestId("hub-families")).toBeVisible();
  expect(await coordinates(en.page)).toBe("33.85° N, 35.90° E");
  await expect(en.page.getByTestId("hub-events")).toContainText("Festival");
  await expect(en.page.getByTestId("hub-family-events")).toContainText("Emigration and family events");
  await expect(en.page.getByTestId("hub-family-events")).toContainText("Zahle");
  await expect(en.page.getByTestId("hub-families")).toContainText("Saab");
  await expect(en.page.getByTestId("village-members").getByRole("listitem")).not.toHaveCount(0);
  await shoot(en.page, "village-en");
  await en.context.close();

  const ar = await signInDemo(browser, { locale: "ar", path: "/libanpedia/zahle" });
  await expect(ar.page.getByTestId("hub-families")).toBeVisible();
  // Decimals as the Arabic locale writes them (a comma in Lebanese usage).
  expect(await coordinates(ar.page)).toMatch(/^33[.,٫]85° شمالًا، 35[.,٫]90° شرقًا$/);
  await expect(ar.page.getByTestId("hub-family-events")).toContainText("زحلة");
  await expect(ar.page.getByTestId("hub-families")).toContainText("صعب");
  await expect(ar.page.getByTestId("village-members")).toContainText("أنت");
  await shoot(ar.page, "village-ar");
  await ar.context.close();
});
