import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { HeaderMap, type ApolloServer } from "@apollo/server";
import type { Express, Request, RequestHandler, Response } from "express";
import type { Context } from "../common/context.js";
import { negotiateLanguage, requestLanguage } from "../common/i18n.js";
import { logger } from "../common/logger.js";

/** The short JSON answer for a request the HTTP layer refuses (never a stack trace). */
export function answerHttpError(res: Response, status: number): void {
  res.status(status).json({ error: status === 413 ? "payload_too_large" : status >= 500 ? "internal_error" : "bad_request" });
}

/** The reader's language for an API request: the app's header, else the browser's. */
export const apiLanguage = (req: Request) => negotiateLanguage(req.get("x-roots-language"), req.get("accept-language"));

const JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * The plain API request — POST /graphql, a JSON body of known length, not content-encoded —
 * answered without Express's router and middleware chain, which cost about a fifth of a vote's
 * server time (`npm run bench -- ballots`). It keeps what they do for it: Express's request and
 * response (req.ip, req.secure, res.cookie under the same `trust proxy`), the handlers in
 * `before` run in order (HTTPS redirect, security headers, cookies), the reader's language, the
 * body limit, the same refusals for a body too large or not JSON, and answers of `threshold`
 * bytes or more compressed for clients that accept it. Every other request (GET, a form post,
 * a gzipped body, chunked, another path) goes through Express as before.
 *
 * Returns the handler, which answers `false` when a request is not one it takes.
 */
export function graphqlFastPath(
  app: Express,
  opts: {
    apollo: ApolloServer<Context>;
    before: RequestHandler[];
    context: (req: Request, res: Response) => Promise<Context>;
    limitBytes: number;
    threshold: number;
  },
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (incoming, outgoing) => {
    if (!isPlainApiRequest(incoming)) return false;
    const length = Number(incoming.headers["content-length"]);
    // What Express's app.handle does before its router.
    const req = Object.setPrototypeOf(incoming, app.request) as Request;
    const res = Object.setPrototypeOf(outgoing, app.response) as Response;
    req.res = res;
    res.req = req;
    res.locals = Object.create(null) as Response["locals"];
    req.originalUrl = req.url;
    req.baseUrl = "";
    // Each of these calls next() before it returns, or answers (a redirect).
    for (const handler of opts.before) {
      let outcome: "next" | "error" | undefined;
      try {
        handler(req, res, (err?: unknown) => (outcome = err === undefined ? "next" : "error"));
      } catch (err) {
        logger.error("Unhandled HTTP error", { err: String(err) });
        outcome = "error";
      }
      if (outcome === "error") answerHttpError(res, 500);
      if (outcome !== "next") return true;
    }
    // As compression marks every JSON answer, compressed or not.
    res.vary("Accept-Encoding");
    if (length > opts.limitBytes) {
      req.resume();
      answerHttpError(res, 413);
      return true;
    }
    // A client gone before its body arrived is owed no answer.
    req.on("error", () => undefined);
    const chunks: Buffer[] = [];
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    });
    req.on("end", () => {
      requestLanguage.run(apiLanguage(req), () => {
        answer(req, res, parseBody(Buffer.concat(chunks, received)), opts).catch((err: unknown) => {
          logger.error("GraphQL request failed", { err: String(err) });
          if (!res.headersSent) answerHttpError(res, 500);
          else res.end();
        });
      });
    });
    return true;
  };
}

/** POST /graphql with a JSON body (UTF-8) of known, non-zero length, not content-encoded. */
export function isPlainApiRequest(req: Pick<IncomingMessage, "method" | "url" | "headers">): boolean {
  return (
    req.method === "POST" &&
    req.url === "/graphql" &&
    JSON_TYPE.test(req.headers["content-type"] ?? "") &&
    (req.headers["content-encoding"] ?? "identity").toLowerCase() === "identity" &&
    Number(req.headers["content-length"]) > 0
  );
}

/** The body as body-parser's strict JSON reads it: an object or an array, else undefined. */
function parseBody(raw: Buffer): unknown {
  const text = raw.toString("utf8").replace(/^\uFEFF/, "");
  if (!/^[\s]*[{[]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const compressors = {
  br: promisify((input: Buffer, cb: (err: Error | null, out: Buffer) => void) =>
    zlib.brotliCompress(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, cb),
  ),
  gzip: promisify(zlib.gzip),
  deflate: promisify(zlib.deflate),
};

async function answer(
  req: Request,
  res: Response,
  body: unknown,
  opts: { apollo: ApolloServer<Context>; context: (req: Request, res: Response) => Promise<Context>; threshold: number },
): Promise<void> {
  if (body === undefined) return answerHttpError(res, 400);
  // As express.json leaves it: the context reads it (trusted documents, server.ts) before Apollo does.
  req.body = body;
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers))
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
  const response = await opts.apollo.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: "POST", headers, search: "", body },
    context: () => opts.context(req, res),
  });
  for (const [key, value] of response.headers) res.setHeader(key, value);
  res.statusCode = response.status ?? 200;
  if (response.body.kind !== "complete") {
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
    return;
  }
  let payload: Buffer = Buffer.from(response.body.string, "utf8");
  const encoding = payload.length >= opts.threshold && req.acceptsEncodings(["br", "gzip", "deflate", "identity"]);
  if (encoding && encoding !== "identity" && !/no-transform/i.test(String(res.getHeader("cache-control") ?? ""))) {
    payload = await compressors[encoding as keyof typeof compressors](payload);
    res.setHeader("Content-Encoding", encoding);
  }
  res.setHeader("Content-Length", payload.length);
  res.end(payload);
}
