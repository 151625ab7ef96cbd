import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Role } from "../../server/src/common/auth/roles.js";
import { newId } from "../../server/src/common/uuid.js";
import { villageReferences } from "../../server/src/common/area-hooks.js";
import { assignCurator } from "../factories/curators.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { buildPerson, buildVillage } from "../support/genealogy.js";
import { startTestServer, type TestServer } from "../support/server.js";

// Merging village B into A (one entry per village): every table that points at a village moves,
// the old slug leads to A, the merge is audited and recorded, and a refused merge changes nothing.

const MERGE = `mutation ($into: ID!, $from: ID!) { mergeVillages(intoId: $into, fromId: $from) { village { id slug alternateNames description } moved { reference count } } }`;
const DUPLICATES = `query ($v: ID) { villageDuplicates(villageId: $v) { a { name } b { name } distanceKm skeleton reasons canMerge } }`;

let server: TestServer;
let editor: BuiltUser;
let curatorOfBoth: BuiltUser;
let curatorOfA: BuiltUser;
let member: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  editor = await buildUser(server.ds, { roles: [{ role: Role.EDITOR }] });
  curatorOfBoth = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  curatorOfA = await buildUser(server.ds, { roles: [{ role: Role.LOCAL_ROOT_CURATOR }] });
  member = await buildUser(server.ds);
}, 60_000);
afterAll(() => server.stop());

/** Every column that points at a village: named `village_id(s)` or `…_village_id`, or a foreign key to villages. */
async function villageColumns(): Promise<string[]> {
  const rows: { ref: string }[] = await server.ds.query(
    `SELECT c.table_name || '.' || c.column_name AS ref FROM information_schema.columns c
       WHERE c.table_schema = 'public' AND c.table_name <> 'villages' AND c.column_name ~ '(^|_)village_ids?$'
     UNION
     SELECT kcu.table_name || '.' || kcu.column_name FROM information_schema.referential_constraints rc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
       JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
      WHERE kcu.table_schema = 'public' AND ccu.table_name = 'villages' AND kcu.table_name <> 'villages'
     ORDER BY 1`,
  );
  return rows.map((r) => r.ref);
}

/** References that only record a merged-away village (nothing moves). */
const RECORDS = ["village_merges.from_village_id"];

/** How many rows of each village reference point at `villageId`. */
async function counts(villageId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const ref of villageReferences()
    .map((r) => r.reference)
    .filter((r) => !RECORDS.includes(r))) {
    const [table, column] = ref.split(".");
    const [{ n }]: { n: number }[] = await server.ds.query(
      column.endsWith("_ids")
        ? `SELECT count(*)::int AS n FROM "${table}" WHERE $1::uuid = ANY("${column}")`
        : `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`,
      [villageId],
    );
    out[ref] = n;
  }
  return out;
}

/** One row pointing at `v` in every table a merge moves (people through the API). */
async function fill(v: { id: string; raw: string; slug: string }, tag: string, owner: BuiltUser): Promise<void> {
  const q = (sql: string, params: unknown[]) => server.ds.query(sql, params);
  const person = await buildPerson(server, owner, { fullName: `${tag} Person`, villageId: v.id, isDeceased: true });
  const personRaw = Buffer.from(person, "base64url").toString().split(":")[1];
  await q(`UPDATE people SET registration_village_id = $1 WHERE id = $2`, [v.raw, personRaw]);
  await q(`INSERT INTO families (id, rootspace_id, village_id, family_name) VALUES ($1, 'lb', $2, $3)`, [newId(), v.raw, `${tag} Family`]);
  await q(`INSERT INTO events (id, type, village_ids, title) VALUES ($1, 'festival', $2, $3)`, [newId(), [v.raw], `${tag} Feast`]);
  await q(`INSERT INTO assets (id, type, village_id, name) VALUES ($1, 'church', $2, $3)`, [newId(), v.raw, `${tag} Church`]);
  const registry = newId();
  await q(`INSERT INTO registries (id, type, village_id) VALUES ($1, 'emigrant', $2)`, [registry, v.raw]);
  await q(`INSERT INTO registry_entries (id, registry_id, person_id, destination_country) VALUES ($1, $2, $3, 'BR')`, [
    newId(),
    registry,
    personRaw,
  ]);
  await q(`INSERT INTO media_files (sha256, size, width, height, mime) VALUES ($1, 1, 1, 1, 'image/jpeg')`, [`sha-${v.raw}`]);
  await q(`INSERT INTO media (id, kind, bytes, file_sha256, village_id) VALUES ($1, 'photo', 1, $2, $3)`, [newId(), `sha-${v.raw}`, v.raw]);
  const job = newId();
  await q(
    `INSERT INTO import_jobs (id, rootspace_id, user_id, kind, status, file_name, file_size, file_sha256, options, counts)
     VALUES ($1, 'lb', $2, 'gedcom', 'done', 'x.ged', 1, 'x', '{}', '{}')`,
    [job, owner.id],
  );
  await q(`INSERT INTO import_staged (job_id, seq, kind, data, error_keys, village_id) VALUES ($1, 1, 'person', '{}', '{}', $2)`, [
    job,
    v.raw,
  ]);
  await q(`INSERT INTO village_curators (id, user_id, village_id) VALUES ($1, $2, $3)`, [newId(), member.id, v.raw]);
  const article = newId();
  await q(
    `INSERT INTO rootpedia_articles (id, village_id, language, translation_group, title, slug) VALUES ($1, $2, 'en', $3, 'History', 'history')`,
    [article, v.raw, newId()],
  );
  await q(`INSERT INTO rootpedia_watches (id, user_id, village_id) VALUES ($1, $2, $3)`, [newId(), member.id, v.raw]);
  const proposal = newId();
  await q(`INSERT INTO ballot_proposals (id, village_id, title, language, content) VALUES ($1, $2, 'p', 'en', 'c')`, [proposal, v.raw]);
  await q(`INSERT INTO ballots (id, proposal_id, village_id, opens_at, closes_at) VALUES ($1, $2, $3, now(), now() + interval '1 day')`, [
    newId(),
    proposal,
    v.raw,
  ]);
  await q(`INSERT INTO roots_passports (id, village_id, user_id, reason, issued_at) VALUES ($1, $2, $3, 'known', now())`, [
    newId(),
    v.raw,
    member.id,
  ]);
  await q(
    `INSERT INTO ancestry_requests (id, reference, requester_id, document_type_id, registration_village_id, created_at, updated_at)
     SELECT $1, $2, $3, id, $4, now(), now() FROM ancestry_document_types ORDER BY position LIMIT 1`,
    [newId(), `AD-${tag}-${v.raw.slice(0, 8)}`, member.id, v.raw],
  );
  const app = newId();
  await q(
    `INSERT INTO partner_apps (id, owner_id, name, client_id, secret_hash, secret_rotated_at, redirect_uris, scopes, webhook_secret, created_at)
     VALUES ($1, $2, 'Hooks', $3, repeat('0', 64), now(), '{}', '{public:read}', $4, now())`,
    [app, member.id, `app_${app.replaceAll("-", "")}`, `whsec_${app.replaceAll("-", "")}`],
  );
  await q(
    `INSERT INTO partner_webhooks (id, app_id, event, village_id, baseline_at, scanned_to, created_at)
     VALUES ($1, $2, 'village.changed', $3, now(), now(), now())`,
    [newId(), app, v.raw],
  );
  await q(`INSERT INTO village_slug_aliases (rootspace_id, slug, village_id) VALUES ('lb', $1, $2)`, [`${v.slug}-old`, v.raw]);
  await q(
    `INSERT INTO village_merges (id, rootspace_id, into_village_id, from_village_id, from_slug, from_name) VALUES ($1, 'lb', $2, $3, 'gone', 'Gone')`,
    [newId(), v.raw, newId()],
  );
}

describe("the information_schema guard", () => {
  it("every column that points at a village is moved by the merge (its area's onVillageMerge hook moves it)", async () => {
    expect(await villageColumns()).toEqual(
      villageReferences()
        .map((r) => r.reference)
        .sort(),
    );
  });
});

describe("mergeVillages", () => {
  it("moves every table, keeps the old slug as a redirect, fills the kept village's gaps, and is audited", async () => {
    const a = await buildVillage(server, "Merge Keep");
    const b = await buildVillage(server, "Merge Gone");
    await server.ds.query(`UPDATE villages SET description = 'History of B', name_ar = 'قرية ب' WHERE id = $1`, [b.raw]);
    await assignCurator(server.ds, curatorOfBoth.id, [a.raw, b.raw]);
    await fill(a, "A", curatorOfBoth);
    await fill(b, "B", curatorOfBoth);
    const before = await counts(b.raw);
    const beforeA = await counts(a.raw);
    // The test is only worth something if B has a row in every table.
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);

    const res = await server.gql<{
      mergeVillages: {
        village: { id: string; slug: string; alternateNames: string[]; description: string };
        moved: { reference: string; count: number }[];
      };
    }>(MERGE, { into: a.id, from: b.id }, { token: curatorOfBoth.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.mergeVillages.village.slug).toBe(a.slug);
    expect(res.data!.mergeVillages.village.description).toBe("History of B");
    expect(res.data!.mergeVillages.village.alternateNames).toEqual(expect.arrayContaining(["Merge Gone", "قرية ب"]));

    const after = await counts(b.raw);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    const afterA = await counts(a.raw);
    // Rows unique per member and village (curator, watch) collapse to one; the rest add up, plus this merge's alias and record.
    const collapsed = ["village_curators.village_id", "rootpedia_watches.village_id"];
    const added = ["village_slug_aliases.village_id", "village_merges.into_village_id"];
    for (const ref of Object.keys(before)) {
      if (collapsed.includes(ref)) expect([ref, afterA[ref]]).toEqual([ref, beforeA[ref]]);
      else expect([ref, afterA[ref]]).toEqual([ref, beforeA[ref] + before[ref] + (added.includes(ref) ? 1 : 0)]);
    }
    const [{ live }]: { live: number }[] = await server.ds.query(
      `SELECT count(*)::int AS live FROM roots_passports WHERE village_id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [a.raw, member.id],
    );
    expect(live).toBe(1);
    // Both had an English article "history": B's is renamed, not lost.
    const articles: { slug: string }[] = await server.ds.query(`SELECT slug FROM rootpedia_articles WHERE village_id = $1 ORDER BY slug`, [
      a.raw,
    ]);
    expect(articles.map((r) => r.slug)).toEqual(["history", `history-${b.slug}`]);

    expect(await server.ds.query(`SELECT 1 FROM villages WHERE id = $1`, [b.raw])).toEqual([]);
    const old = await server.gql<{ village: { slug: string } }>(`query ($s: String!) { village(slug: $s) { slug } }`, { s: b.slug });
    expect(old.data!.village.slug).toBe(a.slug);
    // B's own aliases lead to A too.
    const older = await server.gql<{ village: { slug: string } }>(`query ($s: String!) { village(slug: $s) { slug } }`, {
      s: `${b.slug}-old`,
    });
    expect(older.data!.village.slug).toBe(a.slug);

    const [log]: { user_id: string; after: { moved: Record<string, number>; aliasSlug: string } }[] = await server.ds.query(
      `SELECT user_id, after FROM audit_logs WHERE table_name = 'villages' AND record_id = $1 AND action = 'merge'`,
      [a.raw],
    );
    expect(log.user_id).toBe(curatorOfBoth.id);
    expect(log.after.aliasSlug).toBe(b.slug);
    expect(log.after.moved["people.village_id"]).toBe(1);
    const merges: { from_slug: string; merged_by: string }[] = await server.ds.query(
      `SELECT from_slug, merged_by FROM village_merges WHERE from_village_id = $1`,
      [b.raw],
    );
    expect(merges).toEqual([{ from_slug: b.slug, merged_by: curatorOfBoth.id }]);
  });

  it("keeps one outline per language: the merged-away village's untouched outline goes", async () => {
    const a = await buildVillage(server, "Outline Keep");
    const b = await buildVillage(server, "Outline Gone");
    for (const v of [a, b]) {
      const article = newId();
      await server.ds.query(
        `INSERT INTO rootpedia_articles (id, village_id, language, translation_group, title, slug, kind) VALUES ($1, $2, 'ar', $3, 't', $4, 'outline')`,
        [article, v.raw, newId(), v.slug],
      );
      await server.ds.query(
        `INSERT INTO rootpedia_revisions (id, article_id, title, content, summary, content_hash, status) VALUES ($1, $2, 't', 'c', '', 'h', 'accepted')`,
        [newId(), article],
      );
    }
    const res = await server.gql(MERGE, { into: a.id, from: b.id }, { token: editor.token });
    expect(res.errors).toBeUndefined();
    const rows: { slug: string; kind: string }[] = await server.ds.query(
      `SELECT slug, kind FROM rootpedia_articles WHERE village_id = $1`,
      [a.raw],
    );
    expect(rows).toEqual([{ slug: a.slug, kind: "outline" }]);
  });

  it("refuses a village into itself, a missing village, and people without the right, in their language, changing nothing", async () => {
    const a = await buildVillage(server, "Refuse Keep");
    const b = await buildVillage(server, "Refuse Gone");
    await assignCurator(server.ds, curatorOfA.id, [a.raw]);
    await fill(b, "R", member);
    const snapshot = async () => ({
      a: await counts(a.raw),
      b: await counts(b.raw),
      villages: await server.ds.query(`SELECT * FROM villages WHERE id = ANY($1) ORDER BY id`, [[a.raw, b.raw]]),
      audit: await server.ds.query(`SELECT count(*)::int AS n FROM audit_logs WHERE action = 'merge'`),
      aliases: await server.ds.query(`SELECT count(*)::int AS n FROM village_slug_aliases`),
    });
    const start = await snapshot();

    const self = await server.gql(MERGE, { into: a.id, from: a.id }, { token: editor.token, language: "ar" });
    expect(self.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(self.errors?.[0].message).toBe("لا يمكن دمج قرية في نفسها.");
    const gone = Buffer.from(`Village:${newId()}`).toString("base64url");
    const missing = await server.gql(MERGE, { into: a.id, from: gone }, { token: editor.token, language: "fr" });
    expect(missing.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(missing.errors?.[0].message).toMatch(/n'existe pas/);
    const oneSide = await server.gql(MERGE, { into: a.id, from: b.id }, { token: curatorOfA.token });
    expect(oneSide.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const plain = await server.gql(MERGE, { into: a.id, from: b.id }, { token: member.token });
    expect(plain.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const anonymous = await server.gql(MERGE, { into: a.id, from: b.id });
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");

    expect(await snapshot()).toEqual(start);
  });
});

describe("villageDuplicates", () => {
  it("suggests same-skeleton villages of one caza under 3 km apart, with the reasons, to curators and staff", async () => {
    const near = async (name: string, lat: number, lng: number, district: string) => {
      const v = await buildVillage(server, name);
      const keys = name.toLowerCase().startsWith("kfar") ? "kfr tst" : "zz";
      await server.ds.query(`UPDATE villages SET latitude = $2, longitude = $3, district = $4, key_skeleton = $5 WHERE id = $1`, [
        v.raw,
        lat,
        lng,
        district,
        keys,
      ]);
      return v;
    };
    const one = await near("Kfar Tast", 33.5, 35.5, "Dup District");
    await near("Kfar Test", 33.51, 35.505, "Dup District"); // ~1.2 km
    await near("Kfar Tist", 33.6, 35.6, "Dup District"); // ~14 km
    await near("Kfar Tust", 33.5, 35.5, "Other District");
    const res = await server.gql<{
      villageDuplicates: {
        a: { name: string };
        b: { name: string };
        distanceKm: number;
        skeleton: string;
        reasons: string[];
        canMerge: boolean;
      }[];
    }>(DUPLICATES, { v: one.id }, { token: editor.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.villageDuplicates).toHaveLength(1);
    const [pair] = res.data!.villageDuplicates;
    expect([pair.a.name, pair.b.name].sort()).toEqual(["Kfar Tast", "Kfar Test"]);
    expect(pair.distanceKm).toBeGreaterThan(1);
    expect(pair.distanceKm).toBeLessThan(1.5);
    expect(pair.skeleton).toBe("kfr tst");
    expect(pair.reasons).toEqual(["SAME_NAME_SKELETON", "SAME_DISTRICT", "NEARBY"]);
    expect(pair.canMerge).toBe(true);

    // A curator of one of them sees the pair but may not merge it; a member is refused.
    await assignCurator(server.ds, curatorOfA.id, [one.raw]);
    const mine = await server.gql<{ villageDuplicates: { canMerge: boolean }[] }>(DUPLICATES, {}, { token: curatorOfA.token });
    expect(mine.data!.villageDuplicates).toEqual([{ ...pair, canMerge: false }]);
    expect((await server.gql(DUPLICATES, {}, { token: member.token })).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});
