import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import express from "express";
import compression from "compression";
import { GraphQLError, type GraphQLSchema } from "graphql";
import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import cookieParser from "cookie-parser";
import { createContext, type Context, type CookieJar } from "../common/context.js";
import type { EventBus } from "../common/event-bus.js";
import type { Viewer } from "../common/auth/viewer.js";
import { appScopeError, type AppScope } from "../common/auth/app-scope.js";
import { developerDocsRouter } from "./developer-docs.js";
import { principalOf } from "../common/auth/principal.js";
import { refuseSwitchedOffRecords } from "../common/flags.js";
import { currentLanguage, requestLanguage } from "../common/i18n.js";
import { logger } from "../common/logger.js";
import { bearerToken, cookieToken, PAGE_COOKIE, REFRESH_COOKIE, resolveViewer } from "../modules/accounts/index.js";
import { createFlagStore } from "../modules/admin/index.js";
import { AREAS } from "../modules/areas.js";
import { importers, importRouter, importRunner } from "../modules/ingestion/index.js";
import { systemClock, type Clock } from "../common/clock.js";
import { Scheduler, type AnyJobDefinition } from "../common/jobs/index.js";
import { serverJobs } from "./jobs.js";
import { registerNotificationTemplates } from "../modules/notifications/index.js";
import { ROOTSPACE_HEADER, rootspaceDirectory } from "../modules/rootspaces/index.js";
import { APP_ROUTE_COST, appBudgetGate, costExtension, resolveAppToken, type AppRequester } from "../modules/partners/index.js";
import { AppError } from "../common/errors.js";
import { refuse } from "../common/http-refusal.js";
import { isServerBusy } from "../common/busy.js";
import { answerBusy, busyContextError, busyStatusPlugin } from "./busy-answer.js";
import { jitExecutor, localGateway } from "./executor.js";
import { answerHttpError, apiLanguage, graphqlFastPath } from "./graphql-http.js";
import { presentError } from "./format-error.js";
import { healthHandler } from "./health.js";
import { unsafeTextError } from "./input-text.js";
import { budgetStore } from "./cost-budgets.js";
import { CostGuard } from "./cost-guard.js";
import { limitRules, parseOptions, responseTooLarge } from "./limits.js";
import { httpsRedirect, securityHeaders } from "./security.js";
import { loadPageRenderer } from "./page-render.js";
import { clientRouter, cookieOf, type RenderPage } from "./static.js";
import { LiveStreams } from "./live-streams.js";
import { clearSessionHint, setSessionHint } from "./session-hint.js";
import { attachWebSocket } from "./websocket.js";
import { persistedQueryNotFound, refusalError, TrustedDocuments } from "./trusted-documents.js";
import { APP_VERSION } from "./version.js";

/** The largest GraphQL request body taken (bytes), and the answer size from which it is compressed. */
const API_BODY_LIMIT = 1024 * 1024;
const COMPRESS_FROM = 1024;

/** Whose rights a request carries: a member or visitor, and the partner app when one sent it. */
type Requester = { viewer: Viewer; app?: undefined } | AppRequester;

export interface RootsServer {
  httpServer: Server;
  /** Listens on `port` (0 = any free port) and resolves the bound port. */
  listen(port: number, host?: string): Promise<number>;
  /** Stops accepting, drains HTTP and WebSocket work and the jobs running here, then resolves. */
  stop(): Promise<void>;
  /** This server's job scheduler (tests run due jobs through it). */
  scheduler: Scheduler;
}

/**
 * The session's cookies: httpOnly, SameSite=Lax, Secure whenever the request came over TLS. The
 * session hint (session-hint.ts) follows the refresh cookie: set with it (a sign-in, a refresh),
 * for as long, and cleared with it (a sign-out, a refused refresh).
 */
function cookieJar(req: express.Request, res: express.Response): CookieJar {
  return {
    get: (name) => (req.cookies as Record<string, string> | undefined)?.[name],
    set: (name, value, opts) => {
      res.cookie(name, value, { httpOnly: true, sameSite: "lax", secure: req.secure, path: opts.path, maxAge: opts.maxAgeSeconds * 1000 });
      if (name === REFRESH_COOKIE) setSessionHint(req, res, opts.maxAgeSeconds * 1000);
    },
    clear: (name, path) => {
      res.clearCookie(name, { httpOnly: true, sameSite: "lax", secure: req.secure, path });
      if (name === REFRESH_COOKIE) clearSessionHint(req, res);
    },
  };
}

export async function createRootsServer(deps: {
  config: Config;
  ds: DataSource;
  bus: EventBus;
  schema: GraphQLSchema;
  /** The time business rules read (tests pass a TestClock). */
  clock?: Clock;
  /** The job kinds this server runs (default: every area's). */
  jobs?: AnyJobDefinition[];
}): Promise<RootsServer> {
  const { config, ds, bus, schema } = deps;
  const clock = deps.clock ?? systemClock;
  const app = express();
  app.disable("x-powered-by");
  // No ETag on API answers: hashing every GraphQL response costs CPU and no client revalidates
  // a POST (static files keep theirs, from serve-static).
  app.set("etag", false);
  app.set("trust proxy", config.TRUST_PROXY);
  // The plain API request skips Express's chain (graphql-http.ts); set once Apollo has started.
  let graphqlPost: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  const httpServer = createServer((req, res) => {
    if (!graphqlPost?.(req, res)) app(req, res);
  });
  // This instance's feature flags: fresh before each request, read synchronously by the guards.
  const flags = createFlagStore(ds, bus);

  const rootspaces = rootspaceDirectory(ds, bus);
  // Background jobs (imports and emails among them) run on every server that works them; they live in the database.
  const scheduler = new Scheduler({ ds, bus, config, clock, jobs: deps.jobs ?? serverJobs, work: config.JOBS_WORK });
  registerNotificationTemplates(AREAS.flatMap((area) => area.notifications ?? []));
  /** Throws BAD_USER_INPUT (an AppError) when `rootspaceSlug` names no active rootspace. */
  const contextOf = async (
    requester: Requester | Promise<Requester>,
    language: Context["language"],
    client: Context["client"],
    cookies: CookieJar | null,
    rootspaceSlug: string | undefined,
  ): Promise<Context> => {
    const [rootspace, who] = await Promise.all([rootspaces.resolve(rootspaceSlug), requester, flags.fresh()]);
    const principal = principalOf(who.viewer, who.app);
    return createContext({
      viewer: who.viewer,
      principal,
      language,
      ds,
      bus,
      config,
      clock,
      jobs: scheduler,
      client,
      cookies,
      flags,
      rootspace,
    });
  };
  /** A member's session (the viewer alone): what routes and rendered pages act as. */
  const memberOf = async (token: string | null): Promise<Requester> => ({ viewer: await resolveViewer(ds, token, clock.now()) });
  /**
   * Who an API request's bearer token names: a member's session; else a partner app's access
   * token (the app, and the member who consented when its scopes carry their rights); else a visitor.
   */
  const requesterOf = async (token: string | null): Promise<Requester> => {
    const member = await memberOf(token);
    if (member.viewer.userId || !token) return member;
    return (await resolveAppToken(ds, token, clock.now())) ?? member;
  };
  const makeContext = (
    authorization: string | undefined,
    language: Context["language"],
    client: Context["client"],
    cookies: CookieJar | null,
    rootspaceSlug: string | undefined,
  ): Promise<Context> => contextOf(requesterOf(bearerToken(authorization)), language, client, cookies, rootspaceSlug);

  /**
   * A route's context: the same factory, with the rootspace a plain link may name in
   * `?rootspace=`. A page the browser opens (GET) is read as the member its page cookie names,
   * as rendered pages are; anything that writes needs the Authorization header (no cookie, so
   * no cross-site request can write).
   */
  const budgets = appBudgetGate({ ds, clock, config });
  const routeContext = async (req: express.Request, res: express.Response, opts: { appScope?: AppScope } = {}): Promise<Context | null> => {
    const named = req.get(ROOTSPACE_HEADER) ?? (typeof req.query.rootspace === "string" ? req.query.rootspace : undefined);
    const bearer = bearerToken(req.get("authorization"));
    const token = bearer ?? (req.method === "GET" || req.method === "HEAD" ? pageToken(req) : null);
    try {
      // Routes (uploads, downloads) are members' own; an app token counts only where the route names its scope.
      const who = async (): Promise<Requester> => {
        const member = await memberOf(token);
        if (member.viewer.userId || !bearer || !opts.appScope) return member;
        const app = await resolveAppToken(ds, bearer, clock.now());
        return app?.app.accountId && app.app.scopes.includes(opts.appScope) ? app : member;
      };
      const ctx = await contextOf(who(), currentLanguage(), { ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null }, null, named);
      const spent = await budgets.charge(ctx, APP_ROUTE_COST, currentLanguage());
      if (spent) {
        const retry = Number(spent.extensions.retryAfterSeconds);
        res.status(429).set("retry-after", String(retry)).json({ error: "partners.errors.budget", message: spent.message });
        return null;
      }
      return ctx;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refuse(res, 400, err.key, err.params);
      return null;
    }
  };
  const pageToken = (req: express.Request) => cookieToken(cookieOf(req, PAGE_COOKIE));
  const routeServices = { ds, bus, config, flags, jobs: scheduler, clock, context: routeContext };

  const imports = importRunner({ ds, bus, config, clock, scheduler });

  // Every instance shares the clients' budgets: in Redis with REDIS_URL, else in PostgreSQL.
  const costs = new CostGuard(schema, config, budgetStore({ redisUrl: config.REDIS_URL, ds }));
  const streams = new LiveStreams({ bus, flags, clock });
  // The operations the client was built with; with GRAPHQL_TRUSTED_DOCUMENTS, the only ones run for requests without an app token.
  const trusted = TrustedDocuments.load(config.GRAPHQL_TRUSTED_DOCUMENTS);
  const ws = attachWebSocket({ httpServer, schema, config, makeContext, costs, budgets, streams, trusted });

  const apollo = new ApolloServer<Context>({
    // The schema, run by operations compiled with graphql-jit (executor.ts).
    gateway: localGateway(schema, jitExecutor(schema)),
    csrfPrevention: true,
    // main.ts owns signal handling: it drains Apollo, the WebSocket server and the pool in order.
    stopOnTerminationSignals: false,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    validationRules: limitRules(config),
    parseOptions: parseOptions(config),
    formatError: (formatted, error) => presentError(formatted, error, currentLanguage()),
    // Compact JSON (Apollo pretty-prints by default); a response past the size cap becomes an error.
    stringifyResult: (value) => {
      const text = JSON.stringify(value);
      return text.length > config.GRAPHQL_MAX_RESPONSE_BYTES
        ? JSON.stringify({ errors: [responseTooLarge(config, currentLanguage()).toJSON()] })
        : text;
    },
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // No HTTP cache hints or Apollo traces are used; without them Apollo does not wrap
      // every field resolver (measurably faster lists, see bench/).
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      // Fields that failed for the load make the answer a 503 with Retry-After.
      busyStatusPlugin,
      {
        serverWillStart: async () => ({
          drainServer: async () => {
            await imports.stop();
            await scheduler.stop();
            await ws.dispose();
            await streams.close();
            await flags.close();
            await rootspaces.close();
            await costs.close();
          },
        }),
      },
      // Text no field can hold, and operations that ask too much, are refused before any resolver runs.
      {
        requestDidStart: async () => ({
          didResolveOperation: async ({ document, operation, request, contextValue }) => {
            const unsafe = unsafeTextError(document, request.variables);
            if (unsafe) throw unsafe;
            const closed = operation && appScopeError(schema, operation, document, contextValue.principal);
            if (closed) throw new GraphQLError(closed.message, { originalError: closed });
            const costly = await costs.check(document, request.operationName, request.variables, contextValue, currentLanguage());
            if (costly) throw costly;
            const spent = await budgets.charge(
              contextValue,
              costs.costOf(document, request.operationName, request.variables),
              currentLanguage(),
            );
            if (spent) throw spent;
          },
          // An app's answer says what it cost and what is left of its hour.
          willSendResponse: async ({ contextValue, response }) => {
            const charge = budgets.chargeOf(contextValue);
            if (charge && response.body.kind === "single")
              response.body.singleResult.extensions = { ...response.body.singleResult.extensions, cost: costExtension(charge) };
          },
        }),
      },
    ],
  });
  await apollo.start();
  await scheduler.start();

  const apiContext = async (req: express.Request, res: express.Response): Promise<Context> => {
    try {
      const contextValue = await makeContext(
        req.get("authorization"),
        currentLanguage(),
        { ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null },
        cookieJar(req, res),
        req.get(ROOTSPACE_HEADER),
      );
      admitDocument(req, contextValue);
      return contextValue;
    } catch (err) {
      // An unknown rootspace is the caller's mistake: 400 with the translated error, not a 500.
      if (err instanceof AppError) throw new GraphQLError(err.message, { originalError: err, extensions: { http: { status: 400 } } });
      // No database connection in time: a busy server (503, Retry-After), not an internal error.
      if (isServerBusy(err)) throw busyContextError(err as Error);
      throw err;
    }
  };
  /**
   * Trusted documents, once the principal is known and before Apollo reads the request (it reads
   * the body after the context): a known hash becomes its document, and the `persistedQuery`
   * extension is dropped (Apollo's own automatic persisted queries stay off); a request refused
   * throws (PERSISTED_QUERY_NOT_FOUND, translated). A GET is refused when documents must be
   * trusted (the client never sends one); otherwise it is left to Apollo.
   */
  const admitDocument = (req: express.Request, contextValue: Context): void => {
    if (req.method === "GET") {
      if (trusted.enforce && contextValue.principal.kind !== "app") throw refusalError(persistedQueryNotFound());
      return;
    }
    const body = req.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== "object" || Array.isArray(body)) return;
    const admission = trusted.admit(body, contextValue.principal);
    if (!admission) return;
    if ("refused" in admission) throw refusalError(admission.refused);
    body.query = admission.query;
    const { persistedQuery: _spent, ...extensions } = body.extensions as Record<string, unknown>;
    body.extensions = extensions;
  };
  const firstHandlers = [httpsRedirect(config), ...securityHeaders()];
  const cookies = cookieParser();
  graphqlPost = graphqlFastPath(app, {
    apollo,
    before: [...firstHandlers, cookies],
    context: apiContext,
    limitBytes: API_BODY_LIMIT,
    threshold: COMPRESS_FROM,
  });
  app.use(...firstHandlers);
  // Text answers (GraphQL JSON, the client's scripts and styles, the village points) go gzipped
  // to clients that accept it; compression's filter leaves images and fonts alone.
  app.use(compression({ threshold: COMPRESS_FROM }));
  app.use((req, _res, next) => {
    requestLanguage.run(apiLanguage(req), next);
  });
  // The API first: most requests are its, and they need not be matched against the routes below.
  app.use(
    "/graphql",
    express.json({ limit: API_BODY_LIMIT }),
    cookies,
    expressMiddleware(apollo, { context: ({ req, res }) => apiContext(req, res) }),
  );
  app.get("/health", healthHandler(ds, APP_VERSION));
  app.use(developerDocsRouter(config));
  // A route addressing a record of a part that is switched off (a person, without the family tree) refuses.
  app.use("/api", refuseSwitchedOffRecords(flags));
  // Routes read the page cookie on the pages a browser opens (routeContext).
  app.use(cookies);
  for (const area of AREAS) for (const router of area.http?.(routeServices) ?? []) app.use(router);
  app.use(importRouter({ ...routeServices, kick: (id) => imports.enqueue(id), kinds: Object.keys(importers) }));
  // Data pages (a village, a member's tree) are rendered with their data by the client's own
  // components: each query the page makes runs through Apollo as the reader's request would, as
  // the member the page cookie names (accounts/tokens.ts), or as a visitor.
  const renderer = config.CLIENT_DIST ? await loadPageRenderer(config.CLIENT_DIST) : null;
  const renderPage: RenderPage | null =
    renderer &&
    ((url, language, req) => {
      const client = { ip: req.ip ?? null, userAgent: req.get("user-agent") ?? null };
      // The reader, looked up once for all the page's queries (when the first one runs).
      let viewer: Promise<Requester> | undefined;
      return renderer(url, language, (operation, lang) =>
        requestLanguage.run(lang, async () => {
          viewer ??= memberOf(pageToken(req));
          const contextValue = await contextOf(viewer, lang, client, null, undefined);
          const { body } = await apollo.executeOperation<Record<string, unknown>>(operation, { contextValue });
          if (body.kind !== "single") throw new Error("a page's query answered in parts");
          return body.singleResult;
        }),
      );
    });
  const client = config.CLIENT_DIST ? clientRouter(config.CLIENT_DIST, renderPage, { personal: (req) => pageToken(req) !== null }) : null;
  if (client) app.use(client);
  app.use((_req, res) => {
    res.status(404).json({ error: "not_found" });
  });
  // Body-parser and other middleware errors: a short JSON answer, never a stack trace. A route
  // that failed for the load (no database connection in time, a statement timed out) says so:
  // 503, Retry-After, and the reason in the reader's language.
  app.use((err: { status?: number; type?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (isServerBusy(err) && !res.headersSent) return answerBusy(res);
    const status = typeof err.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) logger.error("Unhandled HTTP error", { err: String(err) });
    answerHttpError(res, status);
  });

  return {
    httpServer,
    listen: (port, host = config.HOST) =>
      new Promise((resolvePort, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(port, host, () => resolvePort((httpServer.address() as AddressInfo).port));
      }),
    stop: () => apollo.stop(),
    scheduler,
  };
}
