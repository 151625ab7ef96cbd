// The pages the UI checks measure (issue #20: Lighthouse in `npm run bench -- ui`, axe and the
// screenshots in the browser tests), and the 200-person tree /roots is measured with. The tree
// is built through the public GraphQL API by a new member of its own (so the demo accounts'
// trees, which other tests read, stay as seeded), as a member would build it.

/** The tree owner's password: the demo accounts' one, so `signInDemo` signs them in too. */
export const TREE_PASSWORD = "cedar-roots-demo-2026";
/** The village page measured: Zahle has a history in the demo seed. */
export const VILLAGE_SLUG = "zahle";
export const LANGUAGES = ["ar", "en"] as const;
export type UiLanguage = (typeof LANGUAGES)[number];
/** The browser locale each language is measured with (a first visit picks the language from it). */
export const LOCALE: Record<UiLanguage, string> = { ar: "ar", en: "en-US" };

export interface BigTree {
  /** The member who owns the tree (password TREE_PASSWORD). */
  email: string;
  /** Global id of the tree's eldest ancestor; the descendants chart from them draws all 200. */
  rootId: string;
  /** The ancestor's name as each language shows it. */
  rootName: Record<UiLanguage, string>;
  people: number;
}

export interface UiPage {
  name: string;
  path: (tree: BigTree) => string;
  /** Measured as the tree's owner, signed in (else as a visitor). */
  signedIn: boolean;
}

/** `/`, `/villages`, a village page, `/roots` on the 200-person tree, and a person page. */
export const UI_PAGES: readonly UiPage[] = [
  { name: "home", path: () => "/", signedIn: false },
  { name: "villages", path: () => "/villages", signedIn: false },
  { name: "village", path: () => `/libanpedia/${VILLAGE_SLUG}`, signedIn: false },
  { name: "roots", path: (tree) => `/roots?root=${encodeURIComponent(tree.rootId)}&view=descendants`, signedIn: true },
  { name: "person", path: (tree) => `/person/${encodeURIComponent(tree.rootId)}`, signedIn: true },
];

interface GqlResult<T> {
  data?: T;
  errors?: { message: string }[];
}

async function gql<T>(baseUrl: string, query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "apollo-require-preflight": "true",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as GqlResult<T>;
  if (body.errors?.length || !body.data) throw new Error(`GraphQL: ${JSON.stringify(body.errors ?? body)}`);
  return body.data;
}

/** Creates a member (through the signUp mutation, as the sign-up page does); returns an access token. */
async function signUp(baseUrl: string, email: string): Promise<string> {
  const data = await gql<{ signUp: { accessToken: string | null } }>(
    baseUrl,
    `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`,
    {
      input: { email, password: TREE_PASSWORD, displayName: "رنا الحداد", preferredLanguage: "ar" },
    },
  );
  if (!data.signUp.accessToken) throw new Error(`${email} could not sign up`);
  return data.signUp.accessToken;
}

const GIVEN_M = [
  ["Youssef", "يوسف"],
  ["Elias", "الياس"],
  ["Boutros", "بطرس"],
  ["Hanna", "حنا"],
  ["Tanios", "طانيوس"],
  ["Nassif", "ناصيف"],
  ["Jibran", "جبران"],
  ["Salim", "سليم"],
];
const GIVEN_F = [
  ["Mariam", "مريم"],
  ["Warde", "وردة"],
  ["Rose", "روز"],
  ["Nour", "نور"],
  ["Layla", "ليلى"],
  ["Salma", "سلمى"],
  ["Hind", "هند"],
  ["Najwa", "نجوى"],
];

/**
 * Builds a 200-person tree for a new member: one ancestor born in 1850, four children each
 * for three generations (85 people), then 115 great-great-grandchildren, spread over the 64
 * great-grandchildren. The eldest three generations are deceased. Returns the ancestor's id.
 */
export async function seedBigTree(baseUrl: string, total = 200): Promise<BigTree> {
  const email = `tree-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const token = await signUp(baseUrl, email);
  // Who is in which generation, and whose child: index → parent index.
  const gens: number[][] = [[0]];
  const parentOf: (number | null)[] = [null];
  for (let g = 1; parentOf.length < total; g++) {
    const prev = gens[g - 1];
    const gen: number[] = [];
    const perParent = g <= 3 ? 4 : Math.ceil((total - parentOf.length) / prev.length);
    for (const p of prev) {
      for (let c = 0; c < perParent && parentOf.length < total; c++) {
        gen.push(parentOf.length);
        parentOf.push(p);
      }
    }
    gens.push(gen);
  }
  const generation = (i: number) => gens.findIndex((g) => g.includes(i));
  const inputs = parentOf.map((_, i) => {
    const g = generation(i);
    const female = i % 3 === 2;
    const [en, ar] = (female ? GIVEN_F : GIVEN_M)[(i * 7 + g) % 8];
    const born = 1850 + g * 28 + (i % 9);
    return {
      fullName: `${en} Haddad`,
      fullNameAr: `${ar} الحداد`,
      gender: female ? "F" : "M",
      birthDate: String(born),
      ...(g <= 2 ? { isDeceased: true, deathDate: String(born + 70) } : {}),
    };
  });

  const BATCH = 15;
  // Many fields per request (a mutation's fields run one after another), in batches of 15 (the server allows 15 aliases).
  const ids: string[] = [];
  for (let start = 0; start < inputs.length; start += BATCH) {
    const batch = inputs.slice(start, start + BATCH);
    const query = `mutation (${batch.map((_, j) => `$p${j}: PersonInput!`).join(", ")}) { ${batch.map((_, j) => `p${j}: createPerson(input: $p${j}) { id }`).join(" ")} }`;
    const data = await gql<Record<string, { id: string }>>(baseUrl, query, Object.fromEntries(batch.map((p, j) => [`p${j}`, p])), token);
    batch.forEach((_, j) => ids.push(data[`p${j}`].id));
  }
  const links = parentOf.flatMap((p, child) => (p === null ? [] : [[ids[p], ids[child]] as const]));
  for (let start = 0; start < links.length; start += BATCH) {
    const batch = links.slice(start, start + BATCH);
    const query = `mutation { ${batch.map(([parent, child], j) => `l${j}: addParent(childId: ${JSON.stringify(child)}, parentId: ${JSON.stringify(parent)}) { id }`).join(" ")} }`;
    await gql(baseUrl, query, {}, token);
  }
  return { email, rootId: ids[0], rootName: { ar: inputs[0].fullNameAr, en: inputs[0].fullName }, people: ids.length };
}
