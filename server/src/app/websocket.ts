import type { AppBudgetGate } from "../modules/partners/index.js";
import { appScopeError } from "../common/auth/app-scope.js";
import type { IncomingMessage, Server } from "node:http";
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from "graphql";
import { useServer } from "graphql-ws/use/ws";
import proxyAddr from "proxy-addr";
import { WebSocketServer, type WebSocket } from "ws";
import { allowedOrigins, type Config } from "../config.js";
import type { Context } from "../common/context.js";
import { isServerBusy } from "../common/busy.js";
import { AppError, ErrorCode } from "../common/errors.js";
import { negotiateLanguage, type Language } from "../common/i18n.js";
import { operationFlags } from "./flag-guard.js";
import { presentError } from "./format-error.js";
import type { LiveStreams } from "./live-streams.js";
import type { CostGuard } from "./cost-guard.js";
import { unsafeTextError } from "./input-text.js";
import { responseTooLarge } from "./limits.js";
import { limitRules, parseOptions } from "./limits.js";
import { PreparedFrameSocket, PreparedResult } from "./prepared-frames.js";
import { newestOnly, sharedSubscribe } from "./shared-events.js";
import { requestedHash, type TrustedDocuments } from "./trusted-documents.js";

type Extra = {
  socket: WebSocket;
  language?: Language;
  authorization?: string;
  rootspace?: string;
};

function originAllowed(origin: string | undefined, host: string | undefined, allowed: Set<string>): boolean {
  if (!origin) return true;
  if (allowed.has(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * graphql-ws on the same port and path as HTTP. Browsers may connect only from allowed
 * origins; the same parse and validation limits as HTTP apply to every operation.
 */
export function attachWebSocket(opts: {
  httpServer: Server;
  schema: GraphQLSchema;
  config: Config;
  makeContext: (
    authorization: string | undefined,
    language: Language,
    client: Context["client"],
    cookies: null,
    rootspaceSlug: string | undefined,
  ) => Promise<Context>;
  costs: CostGuard;
  /** Partner apps' hourly budgets (partners/budget-gate.ts). */
  budgets: Pick<AppBudgetGate, "charge">;
  /** Holds each stream to its session and feature flags (revocation, expiry, a part switched off). */
  streams: LiveStreams;
  /** The operations a subscription without an app token may run (GRAPHQL_TRUSTED_DOCUMENTS). */
  trusted: TrustedDocuments;
}) {
  const { httpServer, schema, config, makeContext, costs, budgets, streams, trusted } = opts;
  const origins = allowedOrigins(config);
  const wss = new WebSocketServer({
    // A result serialised once is written to each of its sockets as the same bytes (prepared-frames.ts).
    WebSocket: PreparedFrameSocket,
    server: httpServer,
    path: "/graphql",
    maxPayload: 1024 * 1024,
    // Non-browser clients send no Origin; browsers always do, and must be this same site
    // (Origin host = Host) or on the allow-list.
    verifyClient: (info, done) =>
      originAllowed(info.origin, info.req.headers.host, origins) ? done(true) : done(false, 403, "Origin not allowed"),
  });
  const rules = [...specifiedRules, ...limitRules(config)];
  // The same proxy trust as Express (TRUST_PROXY hops), so rate limits see the real client.
  const trustedHop = (_addr: string, hop: number) => hop < config.TRUST_PROXY;
  const clientIp = (req: IncomingMessage): string | null => {
    try {
      return proxyAddr(req, trustedHop);
    } catch {
      return req.socket.remoteAddress ?? null;
    }
  };
  // Errors as formatError words them; each one made here is remembered, so onError never words it twice.
  const formatted = new WeakSet<GraphQLError>();
  const format = (errors: readonly GraphQLError[], lang: Language) =>
    errors.map((e) => {
      const shown = presentError(e.toJSON(), e, lang);
      const error = new GraphQLError(shown.message, { nodes: e.nodes, path: e.path, extensions: shown.extensions });
      formatted.add(error);
      return error;
    });

  // The operation's text, for the subscriptions executed once per event (shared-events.ts).
  const queries = new WeakMap<object, string>();
  // What onNext made of a result, serialised once: a shared result reaches every subscriber as the same bytes.
  const sent = new WeakMap<object, PreparedResult>();

  const server = useServer<Record<string, unknown>, Extra>(
    {
      schema,
      subscribe: (args) => sharedSubscribe(args, queries.get(args) ?? ""),
      onConnect: (ctx) => {
        const params = ctx.connectionParams ?? {};
        const headerLang = ctx.extra.request.headers["accept-language"];
        ctx.extra.language = negotiateLanguage(typeof params.language === "string" ? params.language : undefined, headerLang);
        ctx.extra.authorization = typeof params.authorization === "string" ? params.authorization : undefined;
        // The connection's rootspace (slug), like HTTP's X-Rootspace header; absent means the default.
        ctx.extra.rootspace = typeof params.rootspace === "string" ? params.rootspace : undefined;
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const lang = ctx.extra.language ?? "ar";
        let contextValue: Context | undefined;
        /** The request's context, made once (an error answer when it cannot be made). */
        const contextOf = async (): Promise<Context | GraphQLError[]> => {
          try {
            return (contextValue ??= await makeContext(
              ctx.extra.authorization,
              lang,
              { ip: clientIp(ctx.extra.request), userAgent: ctx.extra.request.headers["user-agent"] ?? null },
              null,
              ctx.extra.rootspace,
            ));
          } catch (err) {
            // A rootspace it does not know, or no database connection in time (SERVICE_UNAVAILABLE, with the wait).
            if (err instanceof AppError || isServerBusy(err))
              return format([new GraphQLError((err as Error).message, { originalError: err as Error })], lang);
            throw err;
          }
        };
        // Trusted documents: a known hash names its text (the query may then be empty); anything
        // else depends on who asks (a partner app may send a document whole), known before parsing.
        let query = trusted.known(payload.extensions);
        if (query === undefined) {
          if (trusted.enforce || requestedHash(payload.extensions) !== undefined) {
            const made = await contextOf();
            if (Array.isArray(made)) return made;
            const admission = trusted.admit(payload, made.principal);
            if (admission && "refused" in admission)
              return format([new GraphQLError(admission.refused.message, { originalError: admission.refused })], lang);
            query = admission?.query;
          }
          query ??= payload.query;
        }
        let document: DocumentNode;
        try {
          document = parse(query, parseOptions(config));
        } catch (err) {
          return format([err instanceof GraphQLError ? err : new GraphQLError(String(err))], lang);
        }
        const errors = validate(schema, document, rules);
        if (errors.length) return format(errors, lang);
        const unsafe = unsafeTextError(document, payload.variables);
        if (unsafe) return format([unsafe], lang);
        // Variables of the wrong type are bad input, as Apollo marks them on HTTP (never an internal error).
        const operation = getOperationAST(document, payload.operationName);
        const coerced = operation && getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {});
        if (coerced?.errors)
          return format(
            coerced.errors.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: "BAD_USER_INPUT" } })),
            lang,
          );
        const made = await contextOf();
        if (Array.isArray(made)) return made;
        contextValue = made;
        // A session revoked (or expired) meanwhile closes the socket (4403) instead.
        if (!streams.admit(ctx.extra.socket, contextValue.viewer)) {
          const ended = new AppError(ErrorCode.UNAUTHENTICATED, "errors.session_revoked");
          return format([new GraphQLError(ended.message, { originalError: ended })], lang);
        }
        const costly = await costs.check(document, payload.operationName, payload.variables, contextValue, lang);
        if (costly) return format([costly], lang);
        const closed = operation && appScopeError(schema, operation, document, contextValue.principal);
        if (closed) return format([new GraphQLError(closed.message, { originalError: closed })], lang);
        const spent = await budgets.charge(contextValue, costs.costOf(document, payload.operationName, payload.variables), lang);
        if (spent) return format([spent], lang);
        const args = { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
        queries.set(args, query);
        return args;
      },
      onOperation: (ctx, _id, _payload, args, result) => {
        if (!(Symbol.asyncIterator in Object(result))) return;
        const { viewer } = args.contextValue as Context;
        return streams.watch(ctx.extra.socket, viewer, operationFlags(schema, args.document), result as AsyncIterable<ExecutionResult>, {
          keepNewest: newestOnly(args),
        });
      },
      // A stream that failed midway (graphql-ws wraps what it threw) is worded as any other error, never passed on raw.
      onError: (ctx, _id, _payload, errors) =>
        errors.map((e) => (formatted.has(e) ? e : format([e], ctx.extra.language ?? "ar")[0]).toJSON()),
      onNext: (ctx, _id, _payload, _args, result) => {
        // The same result object again is a shared one, whose subscribers share the language.
        let prepared = sent.get(result);
        if (!prepared) {
          const lang = ctx.extra.language ?? "ar";
          const json = JSON.stringify(result.errors?.length ? { ...result, errors: format(result.errors, lang) } : result);
          prepared = new PreparedResult(
            json.length > config.GRAPHQL_MAX_RESPONSE_BYTES ? JSON.stringify({ errors: [responseTooLarge(config, lang)] }) : json,
          );
          sent.set(result, prepared);
        }
        // Serialised as its prepared bytes by the socket (PreparedFrameSocket), never again per subscriber.
        return prepared as unknown as ExecutionResult;
      },
    },
    wss,
  );
  return { dispose: async () => server.dispose() };
}
