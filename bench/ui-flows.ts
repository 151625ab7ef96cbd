// Issue #44's additions to `npm run bench -- ui`: the pages measured beside the UI checks' own
// (sign-in, a name search, a Rootpedia article, a ballot's results), the data they need, and the
// scripted interactions whose Interaction to Next Paint is reported (a chart switch, the caza
// filter, a search result opened, the language switched), at Lighthouse's 4× CPU slowdown.
import * as chromeLauncher from "chrome-launcher";
import type pg from "pg";
import puppeteer, { type Page } from "puppeteer-core";
import { LOCALE, TREE_PASSWORD, VILLAGE_SLUG, type BigTree, type UiLanguage, type UiPage } from "../tests/e2e/ui-pages.js";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

/** What the extra pages point at: an article in the measured village, a ballot on a proposal there. */
export interface BenchExtras {
  articleId: string;
  ballotId: string;
}

const b64 = (s: string) => Buffer.from(s).toString("base64url");

/** The tree, plus what the bench's own pages show. */
export type BenchTree = BigTree & BenchExtras;

/** The pages issue #44 adds to the UI checks' five. */
export const EXTRA_PAGES: readonly (Omit<UiPage, "path"> & { path: (t: BenchTree) => string })[] = [
  { name: "auth", path: () => "/auth", signedIn: false },
  { name: "search", path: () => "/people?q=Haddad", signedIn: true },
  { name: "article", path: (t) => `/root/${VILLAGE_SLUG}/rootpedia/article/${encodeURIComponent(t.articleId)}`, signedIn: false },
  { name: "results", path: (t) => `/root/${VILLAGE_SLUG}/rootpedia/ballot/${encodeURIComponent(t.ballotId)}/results`, signedIn: false },
];

const ARTICLE = [
  "# Zahle's vineyards",
  "",
  ...Array.from(
    { length: 8 },
    (_, i) =>
      `The terraces above the Berdawni were planted by the families of the upper quarter in the ${1850 + i * 10}s; their grapes went to the presses of the town, and their names are still read on the doors of the old houses (${i + 1}).`,
  ),
].join("\n\n");

/**
 * An article written by the tree's owner through the API, and a ballot with votes on a proposal
 * in the same village, written straight to the database (a ballot opens only after its
 * cooling-off): the results page shows its turnout.
 */
export async function seedExtras(base: string, tree: BigTree, db: pg.Client): Promise<BenchExtras> {
  const signIn = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "apollo-require-preflight": "true" },
    body: JSON.stringify({
      query: "mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }",
      variables: { input: { email: tree.email, password: TREE_PASSWORD } },
    }),
  });
  const token = ((await signIn.json()) as { data: { signIn: { accessToken: string } } }).data.signIn.accessToken;
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "apollo-require-preflight": "true", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: "mutation ($input: RootpediaNewArticleInput!) { createRootpediaArticle(input: $input) { id } }",
      variables: { input: { villageSlug: VILLAGE_SLUG, language: "en", title: "Zahle's vineyards", content: ARTICLE, summary: "" } },
    }),
  });
  const body = (await res.json()) as { data?: { createRootpediaArticle: { id: string } }; errors?: unknown };
  if (!body.data) throw new Error(`the bench article: ${JSON.stringify(body.errors)}`);
  const [village] = (await db.query<{ id: string }>(`SELECT id FROM villages WHERE slug = $1`, [VILLAGE_SLUG])).rows;
  const [p] = (
    await db.query<{ id: string }>(
      `INSERT INTO ballot_proposals (id, village_id, language, title, content, status) VALUES (gen_random_uuid(), $1, 'en', 'The vineyards', $2, 'in_ballot') RETURNING id`,
      [village.id, ARTICLE],
    )
  ).rows;
  const now = Date.now();
  const [b] = (
    await db.query<{ id: string }>(
      `INSERT INTO ballots (id, proposal_id, village_id, status, opens_at, closes_at, eligible_count, quorum, yes_count, no_count, abstain_count)
       VALUES (gen_random_uuid(), $1, $2, 'open', $3, $4, 40, 5, 14, 3, 2) RETURNING id`,
      [p.id, village.id, new Date(now - 3_600_000), new Date(now + 7 * 86_400_000)],
    )
  ).rows;
  return { articleId: body.data.createRootpediaArticle.id, ballotId: b64(`Ballot:${b.id}`) };
}

/** Signs `page` in as the tree's owner the way the sign-in page does (the refresh cookie stays in the browser). */
export async function signInPage(page: Page, base: string, tree: BigTree): Promise<void> {
  await page.goto(`${base}/health`);
  const signedIn = await page.evaluate(
    async (email: string, password: string) => {
      const res = await fetch("/graphql", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", "apollo-require-preflight": "true" },
        body: JSON.stringify({
          query: "mutation ($input: SignInInput!) { signIn(input: $input) { signedIn } }",
          variables: { input: { email, password } },
        }),
      });
      return ((await res.json()) as { data?: { signIn?: { signedIn?: boolean } } }).data?.signIn?.signedIn === true;
    },
    tree.email,
    TREE_PASSWORD,
  );
  if (!signedIn) throw new Error(`${tree.email} could not sign in`);
}

interface Flow {
  name: string;
  path: (t: BenchTree) => string;
  signedIn: boolean;
  /** The page is ready for the interaction. */
  ready: (page: Page) => Promise<unknown>;
  /** The interaction, by trusted input (a click or a key), and what shows it is done. */
  act: (page: Page, lang: UiLanguage) => Promise<unknown>;
}

const WAIT = { timeout: 60_000 };

/** Picks the next option of a select by keyboard (a trusted input, which the Event Timing API records). */
async function nextOption(page: Page, selector: string): Promise<void> {
  await page.focus(selector);
  await page.keyboard.press("ArrowDown");
}

/** On a phone the language switcher may sit in the header's menu: it is opened first (its own interaction). */
async function languageSelect(page: Page): Promise<string> {
  const select = ".lang-switcher select";
  const visible = await page.$eval(select, (e) => (e as HTMLElement).offsetParent !== null).catch(() => false);
  if (!visible) {
    await page.click("[data-testid=header-menu-button]");
    await page.waitForSelector(`${select}:not([disabled])`, { visible: true, ...WAIT });
  }
  return select;
}

/** Issue #44's four scripted interactions. */
export const FLOWS: readonly Flow[] = [
  {
    name: "chart",
    path: (t) => `/roots?root=${encodeURIComponent(t.rootId)}&view=descendants`,
    signedIn: true,
    ready: (page) => page.waitForSelector("[data-testid=chart-card]", WAIT),
    act: async (page) => {
      await page.click('.tabs[role=group] button[aria-pressed="false"]');
      await page.waitForFunction(() => /view=(pedigree|hourglass|fan)/.test(location.search), WAIT);
      await page.waitForSelector("[data-testid=chart-card]", WAIT);
    },
  },
  {
    name: "caza",
    path: () => "/villages",
    signedIn: false,
    ready: (page) => page.waitForFunction(() => (document.querySelector("main .filters select")?.children.length ?? 0) > 2, WAIT),
    act: async (page) => {
      await nextOption(page, "main .filters select");
      await page.waitForFunction(() => location.search.includes("district="), WAIT);
    },
  },
  {
    name: "search",
    path: () => "/people?q=Haddad",
    signedIn: true,
    ready: (page) => page.waitForSelector("[data-testid=people-results] a", WAIT),
    act: async (page) => {
      await page.click("[data-testid=people-results] a");
      await page.waitForFunction(() => location.pathname.startsWith("/person/"), WAIT);
      await page.waitForSelector("main h1", WAIT);
    },
  },
  {
    name: "language",
    path: () => "/",
    signedIn: false,
    ready: (page) => page.waitForSelector(".lang-switcher select:not([disabled])", WAIT),
    act: async (page, lang) => {
      await nextOption(page, await languageSelect(page));
      await page.waitForFunction((was: string) => document.documentElement.lang !== was, WAIT, lang);
    },
  },
];

/**
 * One scripted interaction in a fresh browser on a Moto G Power-sized screen: the page is
 * loaded, the CPU slowed 4×, the interaction made; returns the longest interaction's duration
 * (ms, the Event Timing API's, rounded to 8 ms; 0 when none took 16 ms or more).
 */
export async function measureFlow(base: string, flow: Flow, lang: UiLanguage, tree: BenchTree): Promise<number> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROME_FLAGS, `--lang=${LOCALE[lang]}`, `--accept-lang=${LOCALE[lang]}`],
    logLevel: "silent",
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (flow.signedIn) await signInPage(page, base, tree);
    await page.goto(`${base}${flow.path(tree)}`, { waitUntil: "networkidle0" });
    await flow.ready(page);
    await new Promise((r) => setTimeout(r, 500));
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.evaluate(() => {
      const w = window as unknown as { __inp: number };
      w.__inp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { interactionId?: number })[])
          if (e.interactionId) w.__inp = Math.max(w.__inp, e.duration);
      }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    });
    await flow.act(page, lang);
    // The entries are reported after the next paint: a moment for them to arrive.
    await new Promise((r) => setTimeout(r, 1500));
    return await page.evaluate(() => (window as unknown as { __inp: number }).__inp);
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}
