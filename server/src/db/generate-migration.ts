import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { connectAndMigrate, createDataSource } from "./data-source.js";

/**
 * Dev tool: `npm run db:generate -w server -- Name` writes a migration holding the
 * difference between the entities and a migrated database (DATABASE_URL).
 */
const name = process.argv[2];
const url = process.env.DATABASE_URL;
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name) || !url) {
  console.error("usage: DATABASE_URL=... npm run db:generate -w server -- PascalCaseName");
  process.exit(2);
}
const ds = createDataSource({ url });
await connectAndMigrate(ds);
const sql = await ds.driver.createSchemaBuilder().log();
await ds.destroy();
if (sql.upQueries.length === 0) {
  console.log("No changes: the migrations already match the entities.");
  process.exit(0);
}
const stamp = Date.now();
const q = (s: string) => "`" + s.replace(/`/g, "\\`").replace(/\$\{/g, "\\${") + "`";
const up = sql.upQueries.map((x) => `    await queryRunner.query(${q(x.query)});`).join("\n");
const down = [...sql.downQueries]
  .reverse()
  .map((x) => `    await queryRunner.query(${q(x.query)});`)
  .join("\n");
const body = `import type { MigrationInterface, QueryRunner } from "typeorm";

export class ${name}${stamp} implements MigrationInterface {
  name = "${name}${stamp}";

  async up(queryRunner: QueryRunner): Promise<void> {
${up}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down}
  }
}
`;
const file = fileURLToPath(new URL(`./migrations/${stamp}-${name}.ts`, import.meta.url));
writeFileSync(file, body);
console.log(`Wrote ${file}; add it to migrations/index.ts.`);
