const { dropDatabase } = await import("./database.ts");

export default async function globalTeardown() {
  await dropDatabase(process.env.TEST_DATABASE_URL, process.env.ROOTS_TEST_TEMPLATE);
  await globalThis.__ROOTS_STOP_DB__?.();
}
