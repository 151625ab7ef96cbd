import express from "express";
import type Provider from "oidc-provider";
import type { AreaServices } from "../../../common/area.js";
import { isAppScope, MEMBER_SCOPES } from "../../../common/auth/app-scope.js";
import type { Context } from "../../../common/context.js";
import { refuse } from "../../../common/http-refusal.js";
import { logger } from "../../../common/logger.js";
import { audit } from "../../audit/index.js";
import type { AppRow } from "../apps.store.js";
import { accessGranted, tell } from "../notifications.js";
import { apiResource, OAUTH_PREFIX } from "./resource.js";

const CONSENT_PAGE = new RegExp(`^${OAUTH_PREFIX}/consent/[^/]+/?$`);

type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

/** What the consent page shows: the app, who made it, and what it asks for (in the reader's language on the client). */
export interface ConsentDetails {
  app: { name: string; clientId: string; owner: string | null };
  scopes: string[];
  redirectUri: string;
}

/**
 * The OAuth server, mounted in the Express app before the client's pages (`provider.callback()`):
 * `/oauth/*` and the discovery documents, the RFC 8414 one included. The consent page itself
 * (`/oauth/consent/<uid>`) is the client's; it asks `…/details` and answers `…/confirm` or
 * `…/deny` as the signed-in member (Authorization header, never a cookie alone). Those calls carry
 * the provider's interaction cookie, so only the browser that started an authorization can finish it.
 */
export function oauthRoutes(services: AreaServices): express.Router {
  let started: Promise<{ p: Provider; handle: ReturnType<Provider["callback"]> }> | null = null;
  const start = () => {
    // oidc-provider is loaded with the first OAuth request, not with the server.
    started ??= import("./provider.js")
      .then(({ createOAuthProvider }) => createOAuthProvider(services))
      .then(
        (p) => ({ p, handle: p.callback() }),
        (err: unknown) => {
          started = null;
          throw err;
        },
      );
    return started;
  };
  const providerOf = async (): Promise<Provider> => (await start()).p;
  const router = express.Router();
  const resource = apiResource(services.config);

  /** The signed-in member and the interaction this browser started, or null once refused. */
  async function interactionOf(
    req: express.Request,
    res: express.Response,
  ): Promise<{ ctx: Context; p: Provider; it: Interaction; app: AppRow & { owner_name: string | null } } | null> {
    const ctx = await services.context(req, res);
    if (!ctx) return null;
    if (!ctx.viewer.userId || ctx.principal.kind !== "member") {
      refuse(res, 401, "errors.unauthenticated");
      return null;
    }
    const p = await providerOf();
    const it = await p.interactionDetails(req, res).catch(() => null);
    if (!it || it.uid !== req.params.uid) {
      refuse(res, 404, "partners.errors.consent_expired");
      return null;
    }
    const [app]: (AppRow & { owner_name: string | null })[] = await ctx.ds.query(
      `SELECT a.*, u.display_name AS owner_name FROM partner_apps a LEFT JOIN users u ON u.id = a.owner_id
        WHERE a.client_id = $1 AND a.state = 'approved'`,
      [it.params.client_id],
    );
    if (!app) {
      refuse(res, 404, "partners.errors.consent_expired");
      return null;
    }
    return { ctx, p, it, app };
  }

  /** The scopes asked for that the app registered (the provider refused any other already). */
  const scopesOf = (it: Interaction, app: AppRow): string[] =>
    String(it.params.scope ?? "")
      .split(" ")
      .filter((s) => isAppScope(s) && app.scopes.includes(s));

  router.get(`${OAUTH_PREFIX}/consent/:uid/details`, async (req, res, next) => {
    try {
      const found = await interactionOf(req, res);
      if (!found) return;
      const { it, app } = found;
      const body: ConsentDetails = {
        app: { name: app.name, clientId: app.client_id, owner: app.owner_name },
        scopes: scopesOf(it, app),
        redirectUri: String(it.params.redirect_uri ?? ""),
      };
      res.set("cache-control", "no-store").json(body);
    } catch (err) {
      next(err);
    }
  });

  router.post(`${OAUTH_PREFIX}/consent/:uid/confirm`, async (req, res, next) => {
    try {
      const found = await interactionOf(req, res);
      if (!found) return;
      const { ctx, p, it, app } = found;
      const me = ctx.viewer.userId!;
      const scopes = scopesOf(it, app);
      if (scopes.length === 0) return refuse(res, 400, "partners.errors.scopes");
      // One grant per member and app: a new consent widens it; revoking it ends every token of it.
      const [existing]: { jti: string }[] = await ctx.ds.query(
        `SELECT payload->>'jti' AS jti FROM oauth_artifacts WHERE model = 'Grant' AND account_id = $1 AND client_id = $2
          AND (expires_at IS NULL OR expires_at > $3) LIMIT 1`,
        [me, app.client_id, ctx.clock.now()],
      );
      const grant = (existing && (await p.Grant.find(existing.jti))) || new p.Grant({ accountId: me, clientId: app.client_id });
      // The scopes are both the provider's (listed in its configuration, so an app asks only for those it registered) and the API's.
      grant.addOIDCScope(scopes.join(" "));
      grant.addResourceScope(resource, scopes.join(" "));
      const grantId = await grant.save();
      const redirectTo = await p.interactionResult(
        req,
        res,
        { login: { accountId: me }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      await audit(ctx.ds, {
        tableName: "oauth_artifacts",
        recordId: app.id,
        userId: me,
        action: "grant",
        after: { app: app.name, clientId: app.client_id, scopes },
      });
      if (scopes.some((s) => (MEMBER_SCOPES as readonly string[]).includes(s))) await tell(ctx, accessGranted, me, { name: app.name });
      res.set("cache-control", "no-store").json({ redirectTo });
    } catch (err) {
      next(err);
    }
  });

  router.post(`${OAUTH_PREFIX}/consent/:uid/deny`, async (req, res, next) => {
    try {
      const found = await interactionOf(req, res);
      if (!found) return;
      const redirectTo = await found.p.interactionResult(
        req,
        res,
        { error: "access_denied", error_description: "The member declined." },
        { mergeWithLastSubmission: false },
      );
      res.set("cache-control", "no-store").json({ redirectTo });
    } catch (err) {
      next(err);
    }
  });

  const toProvider = (req: express.Request, res: express.Response, next: express.NextFunction) => {
    start()
      .then(({ handle }) => handle(req, res))
      .catch((err: unknown) => {
        logger.error("OAuth server failed to start", { err: String(err) });
        next(err);
      });
  };
  // RFC 8414's metadata is the provider's discovery document.
  router.get("/.well-known/oauth-authorization-server", (req, res, next) => {
    req.url = "/.well-known/openid-configuration";
    toProvider(req, res, next);
  });
  router.get("/.well-known/openid-configuration", toProvider);
  // The consent page is the client's; everything else under /oauth is the provider's.
  // (Matched here rather than mounted at the prefix: the provider reads Express's base URL as its own mount path.)
  router.use((req, res, next) => {
    if (!req.path.startsWith(`${OAUTH_PREFIX}/`)) return next();
    if (CONSENT_PAGE.test(req.path) && (req.method === "GET" || req.method === "HEAD")) return next();
    toProvider(req, res, next);
  });
  return router;
}
