// What `npm test -- other-node` runs: the tests whose outcome can change with the Node line under
// them. CI runs the whole suite on Node 20 (the oldest line the project accepts) and this part again
// on Node 22 and 24. The rest is business logic over GraphQL and SQL, React components and browser
// flows, which run the same on any line once the runtime pieces below behave the same; they run
// once, on Node 20. One test file per piece of the runtime, the cheapest that exercises it.

/** Every unit test beside the server's code, and the GEDCOM core (decoders, streams, memory bounds under V8's collector). */
const SERVER_UNITS = ["server/src/", "tests/gedcom/"];

/** Integration tests, each for what it leans on in the runtime. */
const RUNTIME: Record<string, string> = {
  "tests/integration/process.test.ts":
    "process life: signals, graceful shutdown draining HTTP and WebSocket, a worker thread stopped mid-task, exit codes",
  "tests/integration/graphql-http.test.ts": "node:http as the API's server: methods, bodies, status codes",
  "tests/integration/compression.test.ts": "zlib (gzip, brotli) on responses",
  "tests/integration/subscriptions.test.ts": "WebSocket upgrades and frames (ws on node:http)",
  "tests/integration/redis-fanout.test.ts": "sockets to Redis (ioredis)",
  "tests/integration/media-gedcom.test.ts": "a GEDZIP through the import job: zip inflation, streamed upload, pictures made by sharp",
  "tests/integration/media.test.ts": "sharp (native addon), file-type, signed links (HMAC)",
  "tests/integration/file-storage.test.ts": "node:fs and the AWS SDK (S3) on disk and on s3rver",
  "tests/integration/auth-signup.test.ts": "argon2 (native addon), crypto, fetch refused by a closed port",
  "tests/integration/auth-magic-link.test.ts": "SMTP over node:net (nodemailer, smtp-server)",
  "tests/integration/dates.test.ts": "Intl (ICU): dates read and written in Arabic, English and French",
  "tests/integration/people-search-variants.test.ts": "Unicode normalisation and collation (ICU)",
  "tests/integration/page-render.test.ts": "React rendering pages in the server process from the client build",
  "tests/repo/engines.test.ts": "the engines every dependency accepts",
};

/** Jest's path arguments: each a regular expression matched against a test file's path. */
export const OTHER_NODE_JEST = [...SERVER_UNITS, ...Object.keys(RUNTIME)].map((p) => p.replace(/\./g, "\\."));

/**
 * Client tests (vitest filters, under client/) that meet the runtime through jsdom: Intl's dates,
 * numbers, lists and collation in three languages, Web Crypto and storage, text direction, and a
 * few whole components rendered by React with Apollo and the router.
 */
export const OTHER_NODE_VITEST = [
  "src/lib/",
  "src/i18n/",
  "src/ui/DateInput.test.tsx",
  "src/ui/bidi.test.ts",
  "src/app/auth/session.test.ts",
  "src/app/apollo.test.ts",
  "src/features/ingestion/components/ImportFlow.test.tsx",
  "src/features/people/chart/TreeChart.test.tsx",
];
