import { expect, type Page } from "@playwright/test";

const GIVEN: [string, string][] = [
  ["Youssef", "يوسف"],
  ["Boutros", "بطرس"],
  ["Tanios", "طانيوس"],
  ["Elias", "إلياس"],
  ["Georges", "جورج"],
  ["Khalil", "خليل"],
  ["Antoun", "أنطون"],
  ["Hanna", "حنّا"],
  ["Salim", "سليم"],
  ["Farid", "فريد"],
  ["Mariam", "مريم"],
  ["Rose", "روز"],
  ["Layla", "ليلى"],
];

/**
 * Grows a descendant tree for the signed-in member through the real GraphQL API, from the
 * page (its session): `shape[g]` children for each person of generation g. Returns the
 * root's id and everyone's id by generation.
 */
export async function growDescendants(
  page: Page,
  shape: number[],
  surname: [string, string] = ["Haddad", "الحداد"],
): Promise<{ rootId: string; generations: string[][] }> {
  const token = await accessTokenOf(page);
  return page.evaluate(
    async ({ shape, GIVEN, surname, token }) => {
      const gql = async (query: string, variables: Record<string, unknown>) => {
        const headers = { "content-type": "application/json", authorization: token };
        const res = await fetch("/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) });
        const body = await res.json();
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        return body.data;
      };
      let n = 0;
      const create = async (generation: number) => {
        const [latin, ar] = GIVEN[n++ % GIVEN.length];
        const input = {
          fullName: `${latin} ${surname[0]}`,
          fullNameAr: `${ar} ${surname[1]}`,
          gender: n % 5 === 0 ? "F" : "M",
          birthDate: String(1820 + generation * 28 + (n % 9)),
          isDeceased: generation < 3,
        };
        const d = await gql("mutation($input: PersonInput!){ createPerson(input: $input){ id } }", { input });
        return d.createPerson.id as string;
      };
      const rootId = await create(0);
      const generations = [[rootId]];
      for (let g = 0; g < shape.length; g++) {
        const next: string[] = [];
        for (const parent of generations[g])
          for (let c = 0; c < shape[g]; c++) {
            const id = await create(g + 1);
            await gql("mutation($c: ID!, $p: ID!){ addParent(childId: $c, parentId: $p){ id } }", { c: id, p: parent });
            next.push(id);
          }
        generations.push(next);
      }
      return { rootId, generations };
    },
    { shape, GIVEN, surname, token },
  );
}

/**
 * Grows `generations` generations of ancestors (a father and a mother for everyone) above a new
 * person, and `children` children below them. Returns the person's id and their parents' ids.
 */
export async function growAncestors(
  page: Page,
  generations: number,
  children: number,
): Promise<{ rootId: string; father: string; mother: string; childIds: string[] }> {
  const token = await accessTokenOf(page);
  return page.evaluate(
    async ({ generations, children, token }) => {
      const gql = async (query: string, variables: Record<string, unknown>) => {
        const headers = { "content-type": "application/json", authorization: token };
        const res = await fetch("/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) });
        const body = await res.json();
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        return body.data;
      };
      let n = 0;
      const create = async (gender: string, year: number) => {
        n++;
        const [latin, ar] = gender === "M" ? ["Nakhle", "نخلة"] : ["Warde", "وردة"];
        const input = {
          fullName: `${latin} ${n} Khoury`,
          fullNameAr: `${ar} ${n} الخوري`,
          gender,
          birthDate: String(year),
          isDeceased: year < 1940,
        };
        return (await gql("mutation($input: PersonInput!){ createPerson(input: $input){ id } }", { input })).createPerson.id as string;
      };
      const link = (c: string, p: string) => gql("mutation($c: ID!, $p: ID!){ addParent(childId: $c, parentId: $p){ id } }", { c, p });
      const rootId = await create("M", 1960);
      let layer = [rootId];
      const parents: string[] = [];
      for (let g = 1; g <= generations; g++) {
        const next: string[] = [];
        for (const child of layer) {
          for (const gender of ["M", "F"]) {
            const id = await create(gender, 1960 - g * 30);
            await link(child, id);
            next.push(id);
          }
        }
        if (g === 1) parents.push(...next);
        layer = next;
      }
      const childIds: string[] = [];
      for (let c = 0; c < children; c++) {
        const id = await create(c % 2 ? "F" : "M", 1990 + c);
        await link(id, rootId);
        childIds.push(id);
      }
      return { rootId, father: parents[0], mother: parents[1], childIds };
    },
    { generations, children, token },
  );
}

/**
 * The signed-in page's access token, as an Authorization header: the page cookie carries the same
 * token the page holds in memory (both come from the session's last refresh), read once the page
 * has settled (its start refreshes the session).
 */
async function accessTokenOf(page: Page): Promise<string> {
  await page.goto("/roots");
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await page.waitForLoadState("networkidle");
  const cookie = (await page.context().cookies()).find((c) => c.name === "roots_page");
  if (!cookie) throw new Error("the signed-in page has no page cookie");
  return `Bearer ${cookie.value}`;
}

/** The on-screen size, in CSS pixels, of the smallest text of the chart's visible cards. */
export function smallestVisibleLabelPx(page: Page, selector = '[data-testid="chart-card"] text'): Promise<{ min: number; count: number }> {
  return page.evaluate((selector) => {
    const vp = document.querySelector('[data-testid="chart-viewport"]')!.getBoundingClientRect();
    let min = Infinity;
    let count = 0;
    for (const el of Array.from(document.querySelectorAll<SVGTextElement>(selector))) {
      const r = el.getBoundingClientRect();
      if (r.right < vp.left || r.left > vp.right || r.bottom < vp.top || r.top > vp.bottom || !r.width) continue;
      const m = el.getScreenCTM()!;
      const px = parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
      min = Math.min(min, px);
      count++;
    }
    return { min, count };
  }, selector);
}
