import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path, { join } from "node:path";
import { readGedcomAll } from "../../server/src/modules/ingestion/gedcom/index.js";
import { plain } from "../../server/src/modules/ingestion/gedcom-io/indi.js";
import { buildUser, type BuiltUser } from "../factories/users.js";
import { corpusFile } from "../gedcom/helpers.js";
import { difference, extensionCount, facts, personKey, type Drop, type Plain } from "../support/gedcom-facts.js";
import { uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * Import → export (7.0 and 5.5.1) → import into a fresh member's tree, for royal92.ged and every
 * vendor export of the conformance corpus: the same people, unions, parent links, events,
 * sources, notes, media and extensions, and the same facts about each person.
 */
const FILES = [
  "public-gedcoms/royal92.ged",
  "d-jeffrey-gedcom-samples/bourbon.ged", // Ancestris
  "gedcom4j-samples/ftmcustomtags.ged",
  "gedcom4j-samples/legacycustomtags.ged",
  "gedcom4j-samples/famhistcustomtags.ged",
  ...[
    "ancestry-2025-export",
    "ancestry-extensions",
    "familysearch-2025-export",
    "familysearch-extensions",
    "gramps-2025-export",
    "myheritage-2025-export",
    "rootsmagic-2026-export",
    "legacy10-2025-export",
    "vendor-ancestris11-export",
    "vendor-familyhistorian",
    "vendor-familyorigins5",
    "vendor-ftm",
    "vendor-gramps",
    "vendor-heredis",
    "vendor-legacy",
    "vendor-myheritage",
    "vendor-myroots-palmos",
    "vendor-paf5",
    "vendor-rootsmagic",
    "vendor-tmg12",
    "vendor-webtreeprint",
    "vendor-customtags-torture",
    "ftm-general",
    "ftm-photo-test",
  ].map((f) => `gedcom-go-testdata/testdata/edge-cases/${f}.ged`),
];

/**
 * Deliberate differences between an import and the import of its export, with the reason:
 * - UID with a Roots person id: the export writes the person's id as UID so that importing the
 *   file again (here or elsewhere) recognises the person; it is the person key, not a fact.
 * - Family links both ways (gedcom-facts.ts): the export writes FAMC/FAMS on the person as well as
 *   HUSB/WIFE/CHIL in the family, as GEDCOM asks, even when the original file had only one side.
 * - A pointer to a record the file did not have becomes @VOID@ (7.0's "points nowhere"): the
 *   export writes no dangling pointer (gedcom-facts.ts counts both as @VOID@).
 * - HEAD is not compared: the export is a new file with its own header (the original HEAD
 *   describes the original file: its program, date, submitter and SCHMA of that file).
 * Not differences, because the GEDCOM core converts them on the way in: a 5.x `_UID` is read as
 * the standard UID, and a 5.5.1 file Roots wrote reads back as the 7.0 it came from (its `_TAG`
 * forms of 7.0-only structures become standard again; the file's own `_TAG`s were escaped `__TAG`).
 */
const DELIBERATE: Drop = (n, p, r) => r.tag === "INDI" && p === ".INDI.UID" && /^[0-9a-f]{8}-[0-9a-f]{4}-7/.test(n.value ?? "");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-rt-")),
    IMPORT_POLL_MS: "50",
    IMPORT_PROGRESS_MS: "1000",
  });
}, 60_000);
afterAll(() => server?.stop());

async function importAs(user: BuiltUser, name: string, body: Buffer): Promise<void> {
  const up = await uploadImport(server, user.token, "gedcom", name, body);
  expect(up.status).toBe(201);
  const review = await waitForJob(server, user.token, up.id!, ["review", "failed"], 120_000);
  expect(review.errorMessage).toBeNull();
  if (review.counts.total === 0) return;
  await server.gql(`mutation($id: ID!) { confirmImport(id: $id) { status } }`, { id: up.id }, { token: user.token });
  await waitForJob(server, user.token, up.id!, ["done"], 120_000);
}

async function exportOf(user: BuiltUser, version: "7.0" | "5.5.1"): Promise<Buffer> {
  const res = await fetch(`${server.url}/api/exports/tree?scope=mine&version=${version}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** What one member's tree holds, counted in the database, and the facts of their kept records. */
async function treeOf(user: BuiltUser) {
  const [c] = await server.ds.query(
    `SELECT (SELECT count(*)::int FROM people WHERE created_by = $1) AS people,
            (SELECT count(*)::int FROM unions WHERE created_by = $1) AS unions,
            (SELECT count(*)::int FROM parent_links WHERE created_by = $1) AS links,
            (SELECT jsonb_object_agg(type, n) FROM (SELECT type, count(*)::int AS n FROM events WHERE created_by = $1 GROUP BY type) t) AS events,
            (SELECT count(*)::int FROM people WHERE created_by = $1 AND birth_date_text IS NOT NULL) AS births,
            (SELECT count(*)::int FROM people WHERE created_by = $1 AND death_date_text IS NOT NULL) AS deaths`,
    [user.id],
  );
  const kept: { tag: string; record_id: string | null; data: Plain }[] = await server.ds.query(
    `SELECT tag, record_id, data FROM kept_records WHERE owner_id = $1 ORDER BY seq`,
    [user.id],
  );
  const records = kept.map((k) => k.data);
  const idOf = new Map(kept.map((k) => [k.data, k.record_id]));
  const tags: Record<string, number> = {};
  for (const k of kept) tags[k.tag] = (tags[k.tag] ?? 0) + 1;
  return {
    counts: { ...c, records: tags, extensions: extensionCount(records.map(withoutDeliberate)) },
    facts: facts(records, (r) => personKey(r, idOf.get(r) ?? null), DELIBERATE),
    records,
  };
}

const forget = (user: BuiltUser) => server.ds.query(`DELETE FROM people WHERE created_by = $1`, [user.id]);

const withoutDeliberate = (r: Plain): Plain => ({
  ...r,
  children: (r.children ?? []).filter((c) => !DELIBERATE(c, `.${r.tag}.${c.tag}`, r)),
});

describe.each(FILES)("round trip of %s", (rel) => {
  const trees: Record<string, Awaited<ReturnType<typeof treeOf>>> = {};

  beforeAll(async () => {
    const first = await buildUser(server.ds);
    await importAs(first, path.basename(rel), readFileSync(corpusFile(rel)));
    const exported = { "7.0": await exportOf(first, "7.0"), "5.5.1": await exportOf(first, "5.5.1") };
    trees.first = await treeOf(first);
    // Each tree is removed once measured: the next import's duplicate search need not wade through it.
    await forget(first);
    for (const version of ["7.0", "5.5.1"] as const) {
      const again = await buildUser(server.ds);
      await importAs(again, `roundtrip-${version}.ged`, exported[version]);
      trees[version] = await treeOf(again);
      await forget(again);
    }
  }, 180_000);

  it("the first import keeps every record of the file whole", async () => {
    const { records } = await readGedcomAll(
      (async function* () {
        yield readFileSync(corpusFile(rel));
      })(),
      { toV7: true },
    );
    const original = records.map((r) => plain(r) as unknown as Plain);
    const key = (r: Plain) => personKey(r, r.xref ?? null);
    const kept = trees.first.records;
    expect(difference(facts(original, key), facts(kept, key))).toEqual({ missing: [], added: [] });
  });

  it.each(["7.0", "5.5.1"])("export %s → import: the same counts", (version) => {
    expect(trees[version].counts).toEqual(trees.first.counts);
  });

  it.each(["7.0", "5.5.1"])("export %s → import: the same facts about every person and record", (version) => {
    expect(difference(trees.first.facts, trees[version].facts)).toEqual({ missing: [], added: [] });
  });
});
