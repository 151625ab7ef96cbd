import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { gql } from "./api.js";
import { advanceServerClock, HOUR } from "./clock.js";
import { DEMO_PASSWORD, signInDemo } from "./sign-in.js";
import { expectNoSeriousAxe } from "./axe.js";

/**
 * Proposals and ballots as people read them (issue #43), in Arabic and French at 1366 and 390 px:
 * the propose form writes in the article editor with its live preview; the proposal reads as the
 * article it proposes, then (an edit of Zahle's Arabic article) side by side with what it changes; the discussion takes replies and
 * agree/disagree (a second reaction replacing the first), a hidden comment takes no reply; the
 * ballot's stages as a timeline with their dates; after voting, "your vote is recorded" at once
 * with the receipt and when the live count includes it; the curator finds the staff board from
 * the header and the dashboard; search finds زحلة from "zahle", and another language version opens
 * beside the editor. Runs after ballots.spec.ts on its server (playwright.config.ts):
 * it moves the server's clock and leaves ballots open in Zahle. Axe on every page, screenshots of
 * each step (wiki-ballots-*.png).
 */
const SHOTS = process.env.SHOTS_DIR ?? "test-results/screens";
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A screenshot and axe at a desktop's width and at a phone's, back to the desktop after. */
async function look(page: Page, name: string, between?: () => Promise<void>) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    if (size === PHONE && between) await between();
    await page.screenshot({ path: `${SHOTS}/wiki-ballots-${name}-${size.width}.png`, fullPage: true });
    await expectNoSeriousAxe(page, `${name} at ${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

const L = {
  ar: {
    title: "العنوان",
    text: "النص",
    preview: "معاينة",
    why: "سبب هذا التغيير (يظهر للمصوّتين)",
    submit: "قدّم المقترح",
    what: "ما الذي تريد تغييره",
    article: "زحلة",
    body: "## مهرجان الكرمة\n\nيُقام المهرجان كل أيلول منذ **١٩٥٠**، على ضفاف البردوني.",
    section: "مهرجان الكرمة",
    year: "١٩٥٠",
    reason: "إضافة المهرجان",
    asProposed: "المقالة كما اقتُرحت",
    comment: "تعليقك",
    send: "علِّق",
    reply: "ردّ",
    replyField: "ردّك",
    sendReply: "أرسل الردّ",
    agree: "أوافق",
    disagree: "لا أوافق",
    hidden: "أخفى أحد المشرفين هذا التعليق.",
    coolingOff: "فترة التريّث",
    yes: "نعم",
    cast: "أدلِ بصوتي",
    confirm: "نعم، أدلِ بصوتي",
    recorded: "سُجِّل صوتك.",
    countBy: "في موعد أقصاه",
    staffBoard: "لوحة إشراف روتبيديا",
    staffTools: "أدوات فريق العمل",
    search: "ابحث في المقالات",
    beside: "افتح بجانب النص",
    other: "Français",
  },
  fr: {
    title: "Titre",
    text: "Texte",
    preview: "Aperçu",
    why: "Pourquoi ce changement (montré aux votants)",
    submit: "Proposer",
    what: "Ce que vous changez",
    article: "La fête des vendanges",
    body: "## Histoire\n\nLa fête a lieu chaque septembre depuis **1950**.\n\n## Programme\n\nMusique et dabké.\n\n## Lieux\n\nAu bord du Berdawni.",
    section: "Programme",
    year: "1950",
    reason: "Un article sur la fête",
    asProposed: "L'article tel que proposé",
    comment: "Votre commentaire",
    send: "Commenter",
    reply: "Répondre",
    replyField: "Votre réponse",
    sendReply: "Envoyer la réponse",
    agree: "D'accord",
    disagree: "Pas d'accord",
    hidden: "Ce commentaire a été masqué par un curateur.",
    coolingOff: "Délai de réflexion",
    yes: "Oui",
    cast: "Voter",
    confirm: "Oui, je vote",
    recorded: "Votre vote est enregistré.",
    countBy: "au plus tard à",
    staffBoard: "Tableau de bord de Rootpedia",
    staffTools: "Outils de l'équipe",
    search: "Chercher dans les articles",
    beside: "Ouvrir à côté du texte",
    other: "English",
  },
} as const;

const tokenOf = async (request: APIRequestContext, email: string) =>
  (
    await gql<{ signIn: { accessToken: string } }>(request, `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
      input: { email, password: DEMO_PASSWORD },
    })
  ).signIn.accessToken;

/** A demo account signed in on Zahle's Rootpedia, reading the site in `lang` (chosen in the header). */
async function signedIn(browser: Browser, lang: "ar" | "fr", email = "member@roots.demo") {
  const session = await signInDemo(browser, { locale: "ar", path: "/root/zahle/rootpedia", email });
  await session.page.setViewportSize(DESKTOP);
  if (lang === "fr") await session.page.getByLabel("اللغة", { exact: true }).selectOption("fr");
  return session;
}

for (const lang of ["ar", "fr"] as const) {
  const t = L[lang];

  test(`${lang}: a proposal written in the editor reads as an article; replies and reactions; the ballot's timeline; the vote recorded at once`, async ({
    browser,
    request,
  }) => {
    // In Arabic the member proposes an edit of Zahle's Arabic article, in French a new article;
    // both in the editor, with its preview.
    const member = await signedIn(browser, lang);
    const page = member.page;
    await page.goto("/root/zahle/rootpedia/propose");
    const edit = lang === "ar";
    const title = edit ? "زحلة" : `${t.article} ${Date.now() % 100000}`;
    const text = page.getByLabel(t.text, { exact: true });
    if (edit) {
      await page.getByLabel(t.what).selectOption({ label: "زحلة (AR)" });
      await expect(page.getByTestId("propose-base")).toBeVisible();
      await expect(text).not.toHaveValue("");
      await text.fill(`${await text.inputValue()}\n\n${t.body}`);
    } else {
      await page.getByLabel(t.title, { exact: true }).fill(title);
      await text.fill(t.body);
    }
    await page.getByLabel(t.why).fill(t.reason);
    const preview = page.getByTestId("rootpedia-live-preview");
    await expect(preview.locator("h2").filter({ hasText: t.section })).toBeVisible();
    await expect(preview.locator("strong").filter({ hasText: t.year })).toBeVisible();
    await look(page, `propose-${lang}`, async () => {
      // On a phone the preview is behind its tab.
      await page.getByRole("tab", { name: t.preview }).click();
      await expect(page.getByTestId("rootpedia-live-preview").locator("strong").filter({ hasText: t.year })).toBeVisible();
    });
    await page.getByRole("button", { name: t.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/root\/zahle\/rootpedia\/proposal\/[^/]+$/);
    const proposalUrl = new URL(page.url()).pathname;
    const proposalId = decodeURIComponent(proposalUrl.split("/").pop()!);

    // The proposal reads as the article, with its contents; an edit then side by side with the
    // version it changes (its unchanged paragraphs collapsed), a new article has nothing to compare.
    const proposed = page.getByTestId("proposal-article");
    await expect(proposed.getByRole("heading", { name: t.asProposed })).toBeVisible();
    await expect(proposed.locator(".rootpedia-body h2").filter({ hasText: t.section })).toBeVisible();
    await expect(proposed.locator(".rootpedia-body strong").filter({ hasText: t.year })).toBeVisible();
    if (edit) {
      const change = page.getByTestId("proposal-change");
      await expect(change.getByTestId("rootpedia-diff").locator("ins").filter({ hasText: t.year })).toBeVisible();
      await expect(change).not.toContainText("**");
    } else await expect(page.getByTestId("proposal-change")).toHaveCount(0);

    // A comment, a reply under it, and a reaction that a second one replaces.
    await page.getByLabel(t.comment).fill(lang === "ar" ? "هل نذكر سنة التأسيس؟" : "Faut-il citer l'année de fondation ?");
    await page.getByRole("button", { name: t.send, exact: true }).click();
    const thread = page.getByTestId("ballot-thread").first();
    await expect(thread).toBeVisible();
    await thread.getByRole("button", { name: t.reply, exact: true }).click();
    await thread.getByLabel(t.replyField).fill(lang === "ar" ? "نعم، ١٩٥٠." : "Oui, 1950.");
    await thread.getByRole("button", { name: t.sendReply }).click();
    await expect(thread.locator(".ballot-replies li")).toHaveCount(1);
    const first = thread.getByTestId("ballot-comment").first();
    await first.getByTestId("react-agree").click();
    await expect(first.getByTestId("react-agree")).toHaveAttribute("aria-pressed", "true");
    await expect(first.getByTestId("react-agree")).toContainText(/1/);
    await first.getByTestId("react-disagree").click();
    await expect(first.getByTestId("react-disagree")).toHaveAttribute("aria-pressed", "true");
    await expect(first.getByTestId("react-agree")).toHaveAttribute("aria-pressed", "false");
    await expect(first.getByTestId("react-agree")).toContainText(/0/);
    await look(page, `proposal-${lang}`);

    // A curator hides another comment: it takes no reply, said in the reader's language.
    await page.getByLabel(t.comment).fill("spam spam spam");
    await page.getByRole("button", { name: t.send, exact: true }).click();
    await expect(page.getByTestId("ballot-thread")).toHaveCount(2);
    const curatorToken = await tokenOf(request, "curator@roots.demo");
    const { ballotProposal } = await gql<{ ballotProposal: { comments: { id: string; body: string }[] } }>(
      request,
      `query ($id: ID!) { ballotProposal(id: $id) { comments { id body } } }`,
      { id: proposalId },
    );
    const spam = ballotProposal.comments.find((c) => c.body === "spam spam spam")!;
    await gql(request, `mutation ($id: ID!) { hideBallotComment(id: $id, reason: "spam") { id } }`, { id: spam.id }, curatorToken);
    await page.reload();
    const hiddenThread = page.getByTestId("ballot-thread").nth(1);
    await expect(hiddenThread).toContainText(t.hidden);
    await expect(hiddenThread).not.toContainText("spam spam spam");
    await expect(hiddenThread.getByRole("button", { name: t.reply, exact: true })).toHaveCount(0);

    // The curator puts it to a ballot; the member holds a Roots Passport for Zahle (given once).
    await request.post("/graphql", {
      data: {
        query: `mutation { issueRootsPassport(villageSlug: "zahle", email: "member@roots.demo", reason: "Zahle") { id } }`,
      },
      headers: { "content-type": "application/json", authorization: `Bearer ${curatorToken}` },
    });
    const { openBallot } = await gql<{ openBallot: { id: string } }>(
      request,
      `mutation ($id: ID!) { openBallot(proposalId: $id, openDays: 9, hideResults: false) { id } }`,
      { id: proposalId },
      curatorToken,
    );
    const ballotUrl = `/root/zahle/rootpedia/ballot/${openBallot.id}`;
    await page.goto(ballotUrl);
    const timeline = page.getByTestId("ballot-timeline");
    await expect(timeline.locator("li")).toHaveCount(5);
    await expect(timeline.locator('li[aria-current="step"]')).toHaveAttribute("data-stage", "cooling_off");
    await expect(timeline.locator('li[data-stage="cooling_off"]')).toContainText("48");
    await expect(timeline.locator('li[data-stage="open"]')).toContainText("9");
    await expect(page.getByTestId("ballot-lifecycle")).toContainText(t.coolingOff);
    await look(page, `timeline-${lang}`);

    // The cooling-off passes on the server's clock; the member votes and is told at once.
    await advanceServerClock(49 * HOUR);
    await member.context.close();
    const voter = await signedIn(browser, lang);
    const vp = voter.page;
    await vp.goto(ballotUrl);
    await expect(vp.getByTestId("ballot-timeline").locator('li[aria-current="step"]')).toHaveAttribute("data-stage", "open");
    await vp.getByRole("radio", { name: t.yes, exact: true }).check();
    await vp.getByRole("button", { name: t.cast, exact: true }).click();
    await vp.getByRole("button", { name: t.confirm }).click();
    const receipt = vp.getByTestId("vote-receipt");
    await expect(receipt.getByRole("heading", { name: t.recorded })).toBeVisible();
    await expect(vp.getByTestId("vote-recorded")).toContainText(t.countBy);
    expect((await vp.getByTestId("receipt-code").innerText()).trim()).toMatch(/^[0-9a-f]{64}$/);
    await look(vp, `voted-${lang}`);
    await voter.context.close();
  });

  test(`${lang}: search finds an article from its name in the other script; another language version opens beside the editor`, async ({
    browser,
  }) => {
    const member = await signedIn(browser, lang);
    const page = member.page;
    // "zahle" in Latin letters finds the Arabic article زحلة, its name marked.
    await page.getByLabel(t.search).fill("zahle");
    const hits = page.getByTestId("rootpedia-hits");
    await expect(hits.getByRole("link", { name: "زحلة", exact: true })).toBeVisible();
    await expect(hits.locator("mark").filter({ hasText: "زحلة" }).first()).toBeVisible();
    await look(page, `search-${lang}`);
    await hits.getByRole("link", { name: "زحلة", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("زحلة");
    await page.goto(`${new URL(page.url()).pathname}/edit`);
    // The other version is read beside the text, without leaving the editor.
    const choose = page.getByLabel(t.beside);
    const value = await choose.locator("option").filter({ hasText: t.other }).getAttribute("value");
    await choose.selectOption(value!);
    const other = page.getByTestId("rootpedia-other-version");
    await expect(other).toBeVisible();
    await expect(other.locator("h3")).toHaveAttribute("dir", "ltr");
    await look(page, `beside-${lang}`, async () => {
      await page.getByRole("tab", { name: new RegExp(t.other) }).click();
      await expect(page.getByTestId("rootpedia-other-version")).toBeVisible();
    });
    await member.context.close();
  });

  test(`${lang}: a curator finds the staff board from the header and the dashboard`, async ({ browser }) => {
    const curator = await signedIn(browser, lang, "curator@roots.demo");
    const page = curator.page;
    await page.goto("/dashboard");
    const staff = page.getByRole("article").filter({ has: page.getByRole("heading", { name: t.staffTools }) });
    await expect(staff.getByRole("link", { name: t.staffBoard })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: t.staffBoard })).toHaveAttribute("href", "/management/linpedia");
    await look(page, `dashboard-${lang}`);
    await staff.getByRole("link", { name: t.staffBoard }).click();
    await expect(page).toHaveURL(/\/management\/linpedia$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.staffBoard);
    await curator.context.close();
  });
}
