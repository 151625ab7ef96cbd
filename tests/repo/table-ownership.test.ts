import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { getMetadataArgsStorage } from "typeorm";
import { AREAS } from "../../server/src/modules/areas.js";
import { createTestDatabase } from "../support/database.js";
import { DYNAMIC, tableUses } from "../support/sql-scan.js";

/**
 * Areas own their tables (issue 37). Every SQL string and TypeORM call under
 * server/src/modules/<area> is read: an area writes only the tables its manifest lists, and reads
 * another area's tables only where that area shares them (its published read model); anything
 * else goes through the owner's index.ts. Every table of a migrated database has one owner.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const modules = join(root, "server/src/modules");

/** Tables of the platform itself (migrations, the job scheduler, the clients' cost budgets), owned by no area. */
const PLATFORM = ["migrations", "typeorm_metadata", "job_runs", "client_cost_budgets"];

const owner = new Map<string, string>();
for (const area of AREAS) for (const table of area.tables) owner.set(table, area.name);

/** Entity class name → table, for TypeORM calls that name an entity. */
const entityTables = new Map<string, string>();
for (const t of getMetadataArgsStorage().tables)
  if (typeof t.target === "function" && t.name) entityTables.set((t.target as { name: string }).name, t.name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [join(dir, e.name)] : [],
  );
}

/**
 * The tables a write whose table is computed may touch, from a `// writes: a, b` comment at most
 * three lines above it (checked like spelled-out tables).
 */
function declaredWrites(lines: string[], line: number): string[] | null {
  for (let i = line - 2; i >= Math.max(0, line - 4); i--) {
    const m = /\/\/ writes: ([a-z_, ]+)/.exec(lines[i]);
    if (m) return m[1].split(",").map((t) => t.trim());
  }
  return null;
}

/** Temporary tables the file creates (they live in its transaction alone). */
const temporary = (text: string) =>
  [...text.matchAll(/CREATE\s+TEMP(?:ORARY)?\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_]+)/g)].map((m) => m[1]);

/** What an area's code at `file` may not do with the tables it uses. */
function faults(areaName: string, file: string, text: string): string[] {
  const area = AREAS.find((a) => a.name === areaName);
  const lines = text.split("\n");
  const uses = tableUses(file, text, entityTables).flatMap((use) =>
    use.table === DYNAMIC ? (declaredWrites(lines, use.line)?.map((table) => ({ ...use, table })) ?? [use]) : [use],
  );
  return uses.flatMap((use) => {
    const where = `${relative(root, file)}:${use.line} ${use.how.replaceAll("§", "${…}")}`;
    if (use.table === DYNAMIC) return [`${where}: writes a table it does not name (say which in a "// writes: a, b" comment above)`];
    if (use.write && !owner.has(use.table) && !temporary(text).includes(use.table))
      return [`${where}: writes ${use.table}, which no area owns`];
    const by = owner.get(use.table);
    if (!by || by === areaName) return [];
    if (use.write) return [`${where}: writes ${by}'s table`];
    const shared = AREAS.find((a) => a.name === by)?.shares ?? [];
    return shared.includes(use.table) || !area ? [] : [`${where}: reads ${by}'s table, which ${by} does not share`];
  });
}

describe("areas own their tables", () => {
  it("no area writes another area's table, or reads one its owner does not share", () => {
    const found = readdirSync(modules, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .flatMap((e) => sourceFiles(join(modules, e.name)).flatMap((file) => faults(e.name, file, readFileSync(file, "utf8"))));
    expect(found).toEqual([]);
  });

  it("fails on a planted write to another area's table, whatever its form", () => {
    const planted = (code: string) => faults("ballots", join(modules, "ballots/planted.ts"), code);
    expect(planted("export const q = `UPDATE people SET full_name = $1 WHERE id = $2`;")).toEqual([
      "server/src/modules/ballots/planted.ts:1 UPDATE people: writes genealogy's table",
    ]);
    expect(planted(`export const q = "DELETE FROM media WHERE id = $1";`)[0]).toMatch(/writes media's table/);
    expect(planted('export const q = `INSERT INTO "audit_logs" (id) VALUES ($1)`;')[0]).toMatch(/writes audit's table/);
    expect(planted("export const q = (t: string) => `UPDATE ${t} SET x = 1`;")[0]).toMatch(/writes a table it does not name/);
    expect(planted("// writes: ballots, people\nexport const q = (t: string) => `UPDATE ${t} SET x = 1`;")).toEqual([
      "server/src/modules/ballots/planted.ts:2 UPDATE ${…}: writes genealogy's table",
    ]);
    expect(planted(`import { insertRow } from "x"; export const f = (tx: never) => insertRow(tx, "villages", {});`)[0]).toMatch(
      /writes genealogy's table/,
    );
    expect(planted(`export const f = (ds: any) => ds.getRepository(Person).save({});`)[0]).toMatch(/writes genealogy's table/);
    expect(planted(`export const f = (ds: any) => ds.createQueryBuilder().insert().into(Village).values({}).execute();`)[0]).toMatch(
      /writes genealogy's table/,
    );
    // Its own tables, a lock and an upsert's DO UPDATE are not writes of other areas' tables.
    expect(
      planted(
        "export const q = `INSERT INTO ballots (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = $1`; export const r = `SELECT 1 FROM villages v FOR UPDATE OF v`;",
      ),
    ).toEqual([]);
  });

  it("every entity's table is listed by the area that declares the entity", () => {
    const missing = AREAS.flatMap((area) =>
      (area.entities ?? []).flatMap((entity) => {
        const table = entityTables.get(entity.name);
        return table && !area.tables.includes(table) ? [`${area.name}: ${table}`] : [];
      }),
    );
    expect(missing).toEqual([]);
  });

  describe("in a migrated database", () => {
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(() => db.drop());

    it("every table has exactly one owner, and every listed table exists", async () => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
      );
      await client.end();
      const tables = rows.map((r) => r.name).filter((t) => !PLATFORM.includes(t));
      const listed = AREAS.flatMap((a) => a.tables);
      expect(tables.filter((t) => !owner.has(t))).toEqual([]);
      expect(listed.filter((t) => !tables.includes(t))).toEqual([]);
      expect(listed.length).toBe(new Set(listed).size);
    });
  });
});
