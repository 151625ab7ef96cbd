import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The repository root (server/src or server/dist sit two levels below it). */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Every environment variable the server reads, parsed and validated once at start. */
const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");

const csv = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

const postgresUrl = z.string().refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgres:// or postgresql:// URL");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().min(1).default("0.0.0.0"),
    /** Public origin of the site, used for links and the WebSocket Origin allow-list (default http://localhost:PORT). */
    PUBLIC_URL: z.url().optional(),
    /** Extra origins allowed to open a WebSocket (comma-separated). */
    ALLOWED_ORIGINS: csv.default([]),
    /** External PostgreSQL; when absent an embedded PostgreSQL is started. */
    DATABASE_URL: postgresUrl.optional(),
    EMBEDDED_PG_DIR: z.string().min(1).default(`${ROOT}.data/pg`),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(55432),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /** Seed demo data on start: defaults to on with the embedded database, off otherwise. */
    SEED_DEMO: bool.optional(),
    /** Redis for cross-instance subscriptions; in-process event bus when absent. */
    REDIS_URL: z
      .string()
      .refine((v) => /^rediss?:\/\//.test(v), "must be a redis:// or rediss:// URL")
      .optional(),
    /** Trust X-Forwarded-* headers from this many proxy hops (0 = none). */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** Serve the built client from this folder (empty = do not serve). */
    CLIENT_DIST: z.string().default(`${ROOT}client/dist`),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(12),
    GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(100).default(15),
    /** Highest cost of one operation (app/cost.ts: a lookup 1, a value 0.1, lists multiply). */
    GRAPHQL_MAX_COST: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
    GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).max(100_000).default(3000),
    /** Cost one client (a member, or a visitor's address) may spend a minute; 0 turns the budget off (benchmarks). */
    GRAPHQL_COST_PER_MINUTE: z.coerce.number().int().min(0).max(100_000_000).default(200_000),
    /** Cost points a partner app may spend an hour (shared by every server, kept in PostgreSQL); staff set another per app. 0 turns app budgets off (benchmarks). */
    PARTNER_POINTS_PER_HOUR: z.coerce.number().int().min(0).max(100_000_000).default(50_000),
    /** Largest GraphQL response, in bytes; a bigger one is replaced by an error saying so. */
    GRAPHQL_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(2 * 1024 * 1024),
    /**
     * Trusted documents (app/trusted-documents.ts): a GraphQL request not made with a partner
     * app's token runs only an operation the client was built with, named by its hash; anything
     * else (a document sent whole, introspection, an unknown hash) gets PERSISTED_QUERY_NOT_FOUND.
     * Default: on with NODE_ENV=production, off otherwise.
     */
    GRAPHQL_TRUSTED_DOCUMENTS: bool.optional(),
    APP_NAME: z.string().min(1).default("Roots"),
    /** Lifetime of an access token (bearer); the client refreshes 90 s before it ends. */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
    /** Lifetime of a session without use (each refresh extends it). */
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** k-anonymity range API for breached passwords (Have I Been Pwned protocol). */
    BREACHED_PASSWORD_API_URL: z.url().default("https://api.pwnedpasswords.com"),
    /** block: refuse breached passwords; warn: allow with a warning and the count; off: no check. */
    BREACHED_PASSWORD_MODE: z.enum(["block", "warn", "off"]).default("block"),
    BREACHED_PASSWORD_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    /** SMTP server for outgoing mail (smtp://user:pass@host:587); without it mail goes to the dev outbox. */
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Roots <no-reply@roots.localhost>"),
    /** New accounts per IP address per hour (shared IPs: schools, offices, community centres). */
    SIGNUP_LIMIT_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** CSP violation reports stored per client address (IPv6: per /64) per hour; more are refused with 429. */
    CSP_REPORTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Where files are stored (storage/): this server's disk, or S3-compatible object storage that several servers share. */
    STORAGE_BACKEND: z.enum(["disk", "s3"]).default("disk"),
    /** Folder of the disk backend: uploads for imports wait in `imports/` under it. */
    STORAGE_DIR: z.string().min(1).default(`${ROOT}.data`),
    /** S3-compatible endpoint (MinIO, Ceph, R2…); unset means AWS S3 in S3_REGION. */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3–63 of a-z, 0-9, '.', '-')")
      .optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    /** Both or neither: without them the AWS SDK's own chain (environment, instance role) is used. */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `endpoint/bucket/key` addressing; on by default when S3_ENDPOINT is set (MinIO needs it). */
    S3_FORCE_PATH_STYLE: bool.optional(),
    /** Largest upload accepted for an import (GEDCOM, GEDZIP, spreadsheet), in bytes. */
    IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(512 * 1024 * 1024),
    /** Uploads for imports per member per hour. */
    IMPORT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Bytes of a member's uploaded files that may wait on disk at once (jobs not done yet, failed ones kept for a retry). */
    IMPORT_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(2 * 1024 * 1024 * 1024),
    /** A failed import's file is kept this long for a retry, then removed (a file refused for what it holds goes at once). */
    IMPORT_RETRY_KEEP_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 365)
      .default(24),
    /** Most a GEDZIP may unpack to, all entries together (a zip bomb stops here, or at 100× its size). */
    IMPORT_UNPACKED_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024 * 1024)
      .default(2 * 1024 * 1024 * 1024),
    /** Largest media file kept from a GEDZIP (bigger ones are skipped with a warning). */
    IMPORT_MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(50 * 1024 * 1024),
    /** Largest photo or scan a member may upload, in bytes. */
    MEDIA_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(25 * 1024 * 1024),
    /** Most pixels an uploaded image may have (a decompression bomb stops here): 100 MP. */
    MEDIA_MAX_PIXELS: z.coerce.number().int().min(10_000).default(50_000_000),
    /** Bytes of photos and scans a member may have stored. */
    MEDIA_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024 * 1024),
    /** Photo and scan uploads per member per hour. */
    MEDIA_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
    /** Lifetime of a signed link to a private picture (a person's); village photos get a week. */
    MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    /** Key that signs picture links; without it one is made and kept in the database (shared by every server). */
    MEDIA_URL_SECRET: z.string().min(32).optional(),
    /** Longest Rootpedia article or preview, in characters of Markdown (about 15,000 words). */
    ROOTPEDIA_MAX_CHARS: z.coerce.number().int().min(1000).max(2_000_000).default(100_000),
    /** Editor previews a member may ask for per minute (each is rendered in full). */
    ROOTPEDIA_PREVIEWS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
    /**
     * Heavy text work (Markdown checks and rendering, word diffs, three-way merges) runs in worker
     * threads, never on the event loop: how many (default: one fewer than the CPUs, at least one),
     * and how long one task may take before its thread is stopped and the request gets its fallback.
     */
    TEXT_WORK_THREADS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, Math.min(4, availableParallelism() - 1))),
    TEXT_WORK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
    /** Ballots: the cooling-off before a ballot opens (the proposal's text frozen), and the account age a voter needs. */
    BALLOT_COOLING_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 90)
      .default(48),
    /** Ballots: the shortest time a ballot stays open. Both are the defaults of a rootspace that has not set its own (ballot settings). */
    BALLOT_MIN_OPEN_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /** How often a server looks for queued imports, and how often a running one reports. */
    IMPORT_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
    IMPORT_PROGRESS_MS: z.coerce.number().int().min(10).max(10_000).default(250),
    /** Statement timeout for an import's batch statements (checks and the commit over a whole file). */
    IMPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
    /** A running import that has not reported for this long is marked failed (its server stopped). */
    IMPORT_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How long a done import keeps all its staged rows; after that only refused records and likely duplicates stay (its report and merges). */
    IMPORT_STAGED_KEEP_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 365)
      .default(24 * 7),
    /** Whether this server runs background jobs (imports, reminders…); one with `false` only sends them. */
    JOBS_WORK: bool.default(true),
    /** How often an idle job worker looks for due jobs another server sent (its own sends wake it at once). */
    JOBS_POLL_MS: z.coerce.number().int().min(500).max(60_000).default(2000),
    /** How often expired deliveries (a worker killed mid-job) are retried and finished jobs archived, one server doing it per pass. */
    JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Money: the largest amount one operation may move, in minor units (cents): a digit string, read as a BigInt. */
    MONEY_MAX_MINOR: z
      .string()
      .regex(/^[1-9][0-9]{0,17}$/, "must be a positive whole number of minor units")
      .default("100000000"),
    /** Money: the payment providers members may choose (comma-separated; the first is the default). */
    PAYMENT_PROVIDERS: csv.default(["manual"]),
    /** Money: the bank details a member paying by bank transfer is shown (one line each, separated by `|`). */
    PAYMENT_BANK_DETAILS: z.string().default("Roots Heritage SAL | IBAN LB00 0000 0000 0000 0000 0000 0000 | SWIFT ROOTLBBE"),
    /** Money: the secret webhooks of the signing providers are checked with (HMAC-SHA256 over the raw body). */
    PAYMENT_WEBHOOK_SECRET: z.string().default(""),
    /**
     * Partner webhooks: addresses a delivery may go to although they are not public (tests only:
     * refused unless NODE_ENV=test), and a CA certificate (PEM) tests' receivers are signed by.
     */
    WEBHOOK_TEST_ALLOW: csv.default([]),
    WEBHOOK_TEST_CA: z.string().optional(),
    /** Partner webhooks: how often changes are looked for and due deliveries sent (ms). */
    WEBHOOK_SCAN_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    /** Connections of the job scheduler's own pool, per server. */
    JOBS_POOL_MAX: z.coerce.number().int().min(2).max(50).default(4),
  })
  .superRefine((c, ctx) => {
    for (const key of ["WEBHOOK_TEST_ALLOW", "WEBHOOK_TEST_CA"] as const)
      if (c.NODE_ENV !== "test" && (key === "WEBHOOK_TEST_CA" ? c[key] : c[key].length))
        ctx.addIssue({ code: "custom", path: [key], message: "is for tests only (NODE_ENV=test)" });
    if (c.STORAGE_BACKEND === "s3" && !c.S3_BUCKET)
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is needed with STORAGE_BACKEND=s3" });
    if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: [c.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
  });

export type Config = Omit<z.infer<typeof schema>, "PUBLIC_URL" | "GRAPHQL_TRUSTED_DOCUMENTS"> & {
  PUBLIC_URL: string;
  GRAPHQL_TRUSTED_DOCUMENTS: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty means unset, except CLIENT_DIST where empty explicitly turns static serving off.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== undefined && (v !== "" || k === "CLIENT_DIST")));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return {
    ...result.data,
    PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`,
    GRAPHQL_TRUSTED_DOCUMENTS: result.data.GRAPHQL_TRUSTED_DOCUMENTS ?? result.data.NODE_ENV === "production",
  };
}

/** Origins allowed to open browser WebSockets and send credentials. */
export function allowedOrigins(config: Config): Set<string> {
  return new Set([new URL(config.PUBLIC_URL).origin, ...config.ALLOWED_ORIGINS.map((o) => new URL(o).origin)]);
}
