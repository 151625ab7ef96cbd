import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { buildUser } from "../factories/users.js";
import { gedcom551 } from "../gedcom/helpers.js";
import { confirmAndWait, uploadImport, waitForJob } from "../support/imports.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { createDataSource } from "../../server/src/db/data-source.js";
import { ownRowsOnly } from "../../server/src/modules/ingestion/commit.js";
import { IMPORTED_PERSON_COLUMNS } from "../../server/src/modules/ingestion/person-record.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    STORAGE_DIR: mkdtempSync(join(tmpdir(), "roots-own-")),
    IMPORT_POLL_MS: "100",
    IMPORT_PROGRESS_MS: "20",
  });
});
afterAll(() => server.stop());

const foreignKeys = async (table: string): Promise<string[]> =>
  (
    await server.ds.query(
      `SELECT a.attname AS column FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
        WHERE c.conrelid = $1::regclass AND c.contype = 'f' ORDER BY 1`,
      [table],
    )
  ).map((r: { column: string }) => r.column);

describe("an import's writes without per-row foreign-key checks (ownRowsOnly)", () => {
  it("covers every reference those writes make: people point only to the locked rootspace and villages, links and couples only to the import's people", async () => {
    // A new foreign key on a column these writes fill must be locked where the import writes them (commit.ts).
    const written = [
      "id",
      "rootspace_id",
      "created_by",
      "provenance",
      "confidence",
      "is_public",
      "privacy_settings",
      ...IMPORTED_PERSON_COLUMNS,
    ];
    expect((await foreignKeys("people")).filter((c) => written.includes(c))).toEqual(["rootspace_id", "village_id"]);
    expect(await foreignKeys("parent_links")).toEqual(["child_id", "parent_id"]);
    expect(await foreignKeys("unions")).toEqual(["partner1_id", "partner2_id"]);
  });

  /** Runs `work` on a connection of a new login role with the given grants (dropped after). */
  async function asRole<T>(grants: string[], work: (ds: ReturnType<typeof createDataSource>) => Promise<T>): Promise<T> {
    const role = `roots_plain_${randomBytes(4).toString("hex")}`;
    await server.ds.query(`CREATE ROLE ${role} LOGIN PASSWORD '${role}'`);
    for (const grant of grants) await server.ds.query(`GRANT ${grant} TO ${role}`);
    const url = new URL(server.databaseUrl);
    url.username = role;
    url.password = role;
    const ds = createDataSource({ url: url.toString(), poolMax: 1 });
    await ds.initialize();
    try {
      return await work(ds);
    } finally {
      await ds.destroy();
      await server.ds.query(`DROP OWNED BY ${role}`);
      if (grants.some((g) => g.includes("ON PARAMETER")))
        await server.ds.query(`REVOKE SET ON PARAMETER session_replication_role FROM ${role}`);
      await server.ds.query(`DROP ROLE ${role}`);
    }
  }

  /** The setting inside ownRowsOnly, and whether a link between no one is still refused there. */
  const insideOwnRowsOnly = (ds: ReturnType<typeof createDataSource>) =>
    ds.transaction((tx) =>
      ownRowsOnly(tx, async () => ({
        setting: (await tx.query(`SHOW session_replication_role`))[0].session_replication_role,
        refused: await tx
          .query(`SAVEPOINT probe`)
          .then(() =>
            tx.query(
              `INSERT INTO parent_links (id, parent_id, child_id, kind) VALUES (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'birth')`,
            ),
          )
          .then(
            () => false,
            (err: Error) => /foreign key/.test(err.message),
          )
          .finally(() => tx.query(`ROLLBACK TO SAVEPOINT probe`)),
      })),
    );

  it("leaves the checks on, and the transaction going, for a role that may not turn them off", async () => {
    const seen = await asRole([`SELECT, INSERT ON parent_links, people`], insideOwnRowsOnly);
    expect(seen).toEqual({ setting: "origin", refused: true });
  });

  it("turns them off for a role granted SET on the parameter, as the README says (PostgreSQL 15+)", async () => {
    const [{ version }] = await server.ds.query(`SELECT current_setting('server_version_num')::int AS version`);
    if (version < 150_000) return; // no per-parameter grants before 15: a superuser only
    const seen = await asRole([`SELECT, INSERT ON parent_links, people`, `SET ON PARAMETER session_replication_role`], insideOwnRowsOnly);
    expect(seen).toEqual({ setting: "replica", refused: false });
  });

  it("turns them off for the work alone when the role may", async () => {
    const seen = await server.ds.transaction(async (tx) => {
      const inside = await ownRowsOnly(tx, async () => (await tx.query(`SHOW session_replication_role`))[0].session_replication_role);
      const after = (await tx.query(`SHOW session_replication_role`))[0].session_replication_role;
      return { inside, after };
    });
    expect(seen).toEqual({ inside: "replica", after: "origin" });
  });

  it("imports people without the village that was deleted while the file waited for review, and with the others", async () => {
    const user = await buildUser(server.ds);
    const slug = randomBytes(4).toString("hex");
    const [{ id: kept }] = await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, name_ar, name_fr, slug) VALUES (gen_random_uuid(), 'lb', 'Qnat${slug}', 'قنات', 'Qnat${slug}', 'qnat-${slug}') RETURNING id`,
    );
    const [{ id: gone }] = await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, name_ar, name_fr, slug) VALUES (gen_random_uuid(), 'lb', 'Bane${slug}', 'بان', 'Bane${slug}', 'bane-${slug}') RETURNING id`,
    );
    const ged = gedcom551(
      "0 @I1@ INDI",
      "1 NAME Gerges /Sleiman/",
      "1 BIRT",
      "2 DATE 1900",
      `2 PLAC Qnat${slug}, Lebanon`,
      "0 @I2@ INDI",
      "1 NAME Hanna /Sleiman/",
      "1 BIRT",
      "2 DATE 1930",
      `2 PLAC Bane${slug}, Lebanon`,
      "0 @F1@ FAM",
      "1 HUSB @I1@",
      "1 CHIL @I2@",
    );
    const up = await uploadImport(server, user.token, "gedcom", "sleiman.ged", ged);
    await waitForJob(server, user.token, up.id!, ["review"], 30_000);
    const [{ matched }] = await server.ds.query(
      `SELECT count(village_id)::int AS matched FROM import_staged s JOIN import_jobs j ON j.id = s.job_id WHERE j.file_name = 'sleiman.ged' AND j.user_id = $1`,
      [user.id],
    );
    expect(matched).toBe(2);
    await server.ds.query(`DELETE FROM villages WHERE id = $1`, [gone]);
    await confirmAndWait(server, user.token, up.id!);
    const rows = await server.ds.query(`SELECT full_name, village_id FROM people WHERE created_by = $1 ORDER BY full_name`, [user.id]);
    expect(rows).toEqual([
      { full_name: "Gerges Sleiman", village_id: kept },
      { full_name: "Hanna Sleiman", village_id: null },
    ]);
    const [{ links }] = await server.ds.query(`SELECT count(*)::int AS links FROM parent_links WHERE created_by = $1`, [user.id]);
    expect(links).toBe(1);

    // A re-import moving Gerges to a village deleted before the commit: updated, without it.
    const [{ id: later }] = await server.ds.query(
      `INSERT INTO villages (id, rootspace_id, name, name_ar, name_fr, slug) VALUES (gen_random_uuid(), 'lb', 'Ehmej${slug}', 'إهمج', 'Ehmej${slug}', 'ehmej-${slug}') RETURNING id`,
    );
    const again = await uploadImport(
      server,
      user.token,
      "gedcom",
      "sleiman.ged",
      Buffer.from(ged.toString("utf8").replace(`Qnat${slug}`, `Ehmej${slug}`)),
    );
    await waitForJob(server, user.token, again.id!, ["review"], 30_000);
    await server.ds.query(`DELETE FROM villages WHERE id = $1`, [later]);
    await confirmAndWait(server, user.token, again.id!);
    const [gerges] = await server.ds.query(
      `SELECT birth_place, village_id FROM people WHERE created_by = $1 AND full_name = 'Gerges Sleiman'`,
      [user.id],
    );
    expect(gerges).toEqual({ birth_place: `Ehmej${slug}, Lebanon`, village_id: null });
  }, 60_000);
});
