import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { connectAndMigrate, createDataSource } from "../../server/src/db/data-source.js";
import { createTestDatabase } from "../support/database.js";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe("migrations", () => {
  it("match the entities: generating a migration on a migrated database yields nothing", async () => {
    const ds = createDataSource({ url: db.url, poolMax: 2 });
    await connectAndMigrate(ds);
    const pending = await ds.driver.createSchemaBuilder().log();
    await ds.destroy();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("revert cleanly and apply again, keeping the seeded rootspace", async () => {
    const ds = createDataSource({ url: db.url, poolMax: 2 });
    await connectAndMigrate(ds);
    const count = ds.migrations.length;
    for (let i = 0; i < count; i++) await ds.undoLastMigration({ transaction: "each" });
    // TypeORM's own bookkeeping (like `migrations`): it keeps generated columns' expressions there.
    const tables: { t: string }[] = await ds.query(
      `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('migrations', 'typeorm_metadata')`,
    );
    expect(tables).toEqual([]);
    const applied = await ds.runMigrations({ transaction: "each" });
    expect(applied).toHaveLength(count);
    const [lb]: { slug: string }[] = await ds.query(`SELECT slug FROM rootspaces WHERE id = 'lb'`);
    expect(lb.slug).toBe("lebanon");
    await ds.destroy();
  });

  it("are idempotent: a second run applies nothing", async () => {
    const ds = createDataSource({ url: db.url, poolMax: 2 });
    expect(await connectAndMigrate(ds)).toEqual([]);
    await ds.destroy();
  });
});

describe("migrations on several replicas", () => {
  it("run exactly once when servers start at the same time", async () => {
    const fresh = await createTestDatabase();
    await fresh.drop();
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${fresh.name}"`);
    await admin.end();
    const replicas = [1, 2, 3].map(() => createDataSource({ url: fresh.url, poolMax: 2 }));
    const applied = await Promise.all(replicas.map((ds) => connectAndMigrate(ds)));
    expect(applied.flat()).toHaveLength(replicas[0].migrations.length);
    const [{ n }]: { n: string }[] = await replicas[0].query(`SELECT count(*) AS n FROM rootspaces`);
    expect(n).toBe("1");
    await Promise.all(replicas.map((ds) => ds.destroy()));
    await fresh.drop();
  });
});
