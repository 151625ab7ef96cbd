import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { gql } from "./api.js";
import { advanceServerClock, DAY, HOUR } from "./clock.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";
import { expectNoSeriousAxe } from "./axe.js";

/**
 * Proposals and ballots in the browser, in Arabic: a member proposes an edit of Zahle's article
 * and discusses it; the curator issues a Roots Passport and opens a ballot; the server's clock
 * moves past the cooling-off; the member votes (confirmation, receipt) while the results page and
 * the staff board take the next batches of votes without a reload; the ballot closes and the
 * receipt is found on the public board. Screenshots in ar and en at 1366 and 390 px; axe on each page.
 */
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
mkdirSync(SHOTS, { recursive: true });

const signIn = async (request: APIRequestContext, email: string) =>
  (
    await gql<{ signIn: { accessToken: string } }>(request, `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
      input: { email, password: DEMO_PASSWORD },
    })
  ).signIn.accessToken;

async function shoot(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe("ballots", () => {
  test("in Arabic: propose, open a ballot, vote with a receipt, watch the results and the staff board live, find the receipt on the board", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // Six more members, each given a Roots Passport for Zahle by its curator (through the API).
    const voters = Array.from({ length: 6 }, (_, i) => `voter-${i}-${Date.now()}@example.test`);
    for (const email of voters)
      await gql(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { signedIn } }`, {
        input: { email, password: DEMO_PASSWORD, displayName: `ناخب ${email.slice(6, 7)}`, preferredLanguage: "ar" },
      });
    const curatorToken = await signIn(request, "curator@roots.demo");
    for (const email of voters)
      await gql(
        request,
        `mutation ($e: String!) { issueRootsPassport(villageSlug: "zahle", email: $e, reason: "من عائلات زحلة") { id } }`,
        { e: email },
        curatorToken,
      );

    // The member proposes an edit of the article they read, and opens the discussion.
    const member = await signInDemo(browser, { locale: "ar", path: "/root/zahle/rootpedia" });
    // Zahle's English version (the Arabic one is Rootpedia's own browser test's), read on an Arabic page.
    await member.page.getByTestId("rootpedia-articles").getByRole("link", { name: "زحلة" }).click();
    await member.page.locator('a.rootpedia__language[lang="en"]').click();
    await expect(member.page.getByRole("heading", { level: 1 })).toHaveText("Zahle");
    await member.page.getByTestId("article-proposals").getByRole("link", { name: "اقترح تغييرًا للتصويت" }).click();
    await expect(member.page).toHaveURL(/\/root\/zahle\/rootpedia\/propose\?article=/);
    await expect(member.page.getByTestId("propose-base")).toBeVisible();
    await expectNoSeriousAxe(member.page, "propose");
    const text = member.page.getByLabel("النص", { exact: true });
    await expect(text).toHaveAttribute("dir", "ltr");
    await text.fill(`${await text.inputValue()}\n\nThe Berdawni river runs through the middle of Zahle.`);
    await member.page.getByLabel("سبب هذا التغيير (يظهر للمصوّتين)").fill("إضافة نهر البردوني");
    await member.page.getByRole("button", { name: "قدّم المقترح" }).click();
    await expect(member.page).toHaveURL(/\/root\/zahle\/rootpedia\/proposal\//);
    const proposalUrl = member.page.url();
    await expect(member.page.locator(".back-link")).toHaveText("العودة إلى المقالة");
    await expect(member.page.getByTestId("rootpedia-diff").locator("ins")).toContainText("Berdawni");
    await member.page.getByLabel("تعليقك").fill("هل نذكر الجسر القديم أيضًا؟");
    await member.page.getByRole("button", { name: "علِّق" }).click();
    await expect(member.page.getByTestId("proposal-discussion")).toContainText("الجسر القديم");
    await expectNoSeriousAxe(member.page, "proposal");
    await shoot(member.page, "proposal-ar");
    await member.context.close();

    // The curator issues the member a passport on the staff board, then opens a ballot on the proposal.
    const curator = await signInDemo(browser, { locale: "ar", path: "/management/linpedia", email: "curator@roots.demo" });
    await curator.page.getByRole("tab", { name: "التصويتات والمقترحات والجوازات" }).click();
    const passports = curator.page.getByTestId("passports");
    await passports.getByLabel("البريد الإلكتروني للعضو").fill("member@roots.demo");
    await passports.getByLabel("السبب").fill("تعرفها رعية زحلة");
    await passports.getByRole("button", { name: "امنح جوازًا" }).click();
    await expect(curator.page.getByTestId("passport-list")).toContainText("تعرفها رعية زحلة");
    await curator.page.getByTestId("proposal-queue").getByRole("link", { name: "Zahle" }).first().click();
    await expect(curator.page).toHaveURL(proposalUrl);
    await curator.page.getByLabel("عدد أيام التصويت").fill("7");
    await curator.page.getByRole("button", { name: "افتح تصويتًا" }).click();
    await expect(curator.page).toHaveURL(/\/rootpedia\/ballot\/[^/]+$/);
    const ballotUrl = new URL(curator.page.url()).pathname;
    const ballotId = ballotUrl.split("/").pop()!;
    await expect(curator.page.getByTestId("ballot-lifecycle")).toContainText("فترة التريّث");
    await curator.context.close();

    // The cooling-off passes on the server's clock: the ballot opens with its roll frozen.
    await advanceServerClock(49 * HOUR);

    const voter = await signInDemo(browser, { locale: "ar", path: ballotUrl });
    const page = voter.page;
    await expect(page.getByTestId("ballot-lifecycle")).toContainText("مفتوح للتصويت");
    await expect(page.getByTestId("ballot-eligibility")).toContainText("تحمل جواز جذور");
    await expect(page.getByTestId("ballot-help")).toContainText("كيف يجري التصويت");
    await page.getByRole("radio", { name: "نعم" }).check();
    await page.getByRole("button", { name: "أدلِ بصوتي" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("الصوت نهائي");
    await page.getByRole("button", { name: "نعم، أدلِ بصوتي" }).click();
    const receipt = (await page.getByTestId("receipt-code").innerText()).trim();
    expect(receipt).toMatch(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId("receipt-nonce")).not.toBeEmpty();
    await page.getByTestId("receipt-lookup").getByRole("button", { name: "تحقّق" }).click();
    await expect(page.getByTestId("receipt-result")).toContainText("احتُسب");
    await expectNoSeriousAxe(page, "ballot");
    await shoot(page, "ballot-ar");

    // The results page and the staff board stay open while the others vote, in batches of three.
    const results = await voter.context.newPage();
    await results.goto(`${ballotUrl}/results`);
    const turnout = results.getByTestId("ballot-turnout");
    await expect(turnout).toHaveAttribute("data-turnout", "0");
    await expect(results.getByTestId("ballot-breakdown-hidden")).toContainText("ما دام عدد الأصوات أقل من");
    const board = await signInDemo(browser, { locale: "ar", path: "/management/linpedia?tab=ballots", email: "curator@roots.demo" });
    const live = board.page.getByTestId("live-ballot").filter({ hasText: "Zahle" });
    await expect(live.getByTestId("ballot-turnout")).toHaveAttribute("data-turnout", "0");

    const tokens = [];
    for (const email of voters) tokens.push(await signIn(request, email));
    const vote = (token: string, choice: string) =>
      gql(
        request,
        `mutation ($id: ID!, $c: VoteChoice!) { castVote(ballotId: $id, choice: $c) { receipt } }`,
        { id: ballotId, c: choice },
        token,
      );
    // The member's vote and two more make a batch (at least 3 new votes); the next one waits.
    for (const [i, c] of ["YES", "NO", "YES"].entries()) await vote(tokens[i], c);
    await expect(turnout).toHaveAttribute("data-turnout", "3");
    await expect(live.getByTestId("ballot-turnout")).toHaveAttribute("data-turnout", "3");
    // Two seconds on, three more: the waiting vote and the next two are the next batch; the last waits for the close.
    await results.waitForTimeout(2100);
    for (const [i, c] of ["YES", "ABSTAIN", "YES"].entries()) await vote(tokens[i + 3], c);
    await expect(turnout).toHaveAttribute("data-turnout", "6");
    await expect(live.getByTestId("ballot-turnout")).toHaveAttribute("data-turnout", "6");
    await expectNoSeriousAxe(results, "results");
    await shoot(results, "results-open-ar");
    await expectNoSeriousAxe(board.page, "staff board");
    await shoot(board.page, "staff-board-ar");

    // Voting ends on the server's clock.
    await advanceServerClock(7 * DAY);
    // The close comes over the subscription: the outcome, without a reload.
    await expect(results.getByTestId("ballot-outcome")).toContainText("مقبول");
    await expect(results.getByTestId("ballot-breakdown")).toContainText("نعم");
    await expect(turnout).toHaveAttribute("data-turnout", "7");
    await expect(results.getByTestId("board-link")).toHaveAttribute("href", /\/ballots\/[0-9a-f-]{36}\/board\.json\?rootspace=lebanon$/);
    const lookup = results.getByTestId("receipt-lookup");
    await lookup.getByLabel("الإيصال").fill(receipt);
    await lookup.getByRole("button", { name: "تحقّق" }).click();
    await expect(results.getByTestId("receipt-result")).toContainText("في اللوحة العلنية");
    const boardJson = await (await request.get((await results.getByTestId("board-link").getAttribute("href"))!)).json();
    expect(boardJson.entries.map((e: { receipt: string }) => e.receipt)).toContain(receipt);
    expect(boardJson.tally).toEqual({ yes: 5, no: 1, abstain: 1 });
    // The page shows where the board ends, and puts it in the verifier's command.
    const head = boardJson.entries.at(-1).entryHash;
    await expect(results.getByTestId("board-head")).toHaveText(head);
    await expect(results.getByTestId("verify-command")).toContainText(`board.json?rootspace=lebanon' --head ${head} --count 7`);
    await expectNoSeriousAxe(results, "results closed");
    await shoot(results, "results-closed-ar");

    // The same pages in English.
    await results.getByLabel("اللغة").selectOption("en");
    await expect(results.getByRole("heading", { level: 1 })).toContainText("Results");
    await shoot(results, "results-closed-en");
    await results.goto(ballotUrl);
    await expect(results.getByRole("heading", { level: 1 })).toContainText("Ballot");
    await expectNoSeriousAxe(results, "ballot en");
    await shoot(results, "ballot-en");
    await results.goto(proposalUrl);
    await shoot(results, "proposal-en");
    await board.page.getByLabel("اللغة").selectOption("en");
    await board.page.reload();
    await expect(board.page.getByRole("tab", { name: "Ballots, proposals and passports" })).toBeVisible();
    await shoot(board.page, "staff-board-en");
    await voter.context.close();
    await board.context.close();
  });
});
