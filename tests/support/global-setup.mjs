// Runs in Jest's main process, which `npm run test:server` starts with the swc-node
// loader, so it can import the TypeScript helpers directly.
const { ensureTestDatabaseServer } = await import("./embedded-test-db.ts");
const { createTemplate } = await import("./database.ts");

export default async function globalSetup() {
  const server = await ensureTestDatabaseServer();
  process.env.TEST_DATABASE_URL = server.url;
  process.env.ROOTS_TEST_TEMPLATE = `roots_tpl_${process.pid}`;
  await createTemplate(server.url, process.env.ROOTS_TEST_TEMPLATE);
  globalThis.__ROOTS_STOP_DB__ = server.stop;
}
