import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { deviceOf } from "./device-name.js";
import { RequireRoles } from "../../common/auth/authorized.js";
import type { Context } from "../../common/context.js";
import { AppError, ErrorCode, unauthenticated } from "../../common/errors.js";
import { fromGlobalId, isUuid, toGlobalId } from "../../common/global-id.js";
import { runtimeKey, translate } from "../../common/i18n.js";
import { audit } from "../audit/index.js";
import * as auth from "./auth.service.js";
import { ChangePasswordInput, MagicLinkInput, SignInInput, SignUpInput, UpdateProfileInput } from "./auth.inputs.js";
import { AuthNotice, AuthPayload, SessionInfo, Viewer } from "./auth.types.js";
import { listSessions, revokeSession, rotateRefreshToken, type IssuedTokens } from "./sessions.service.js";
import { PAGE_COOKIE, PAGE_COOKIE_PATH, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from "./tokens.js";
import { loadViewer } from "./viewer.load.js";
import { resolveViewer } from "./viewer.service.js";

const SESSION_TYPE = "Session";

function notices(ctx: Context, list: auth.Notice[]): AuthNotice[] {
  return list.map((n) => ({ key: n.key, message: translate(runtimeKey(n.key), ctx.language, n.params) }));
}

/** Ends the refresh and page cookies (a refused refresh, a sign-out). */
function clearSessionCookies(ctx: Context): void {
  ctx.cookies?.clear(REFRESH_COOKIE, REFRESH_COOKIE_PATH);
  ctx.cookies?.clear(PAGE_COOKIE, PAGE_COOKIE_PATH);
}

/** Sets the refresh and page cookies and shapes the payload the client keeps (access token in memory only). */
async function payload(ctx: Context, result: auth.AuthResult): Promise<AuthPayload> {
  const tokens: IssuedTokens | null = result.tokens;
  if (!tokens)
    return {
      signedIn: false,
      viewer: null,
      accessToken: null,
      accessTokenExpiresAt: null,
      notices: notices(ctx, result.notices),
      returnTo: null,
    };
  ctx.cookies?.set(REFRESH_COOKIE, tokens.refreshToken, {
    maxAgeSeconds: Math.round((tokens.refreshExpiresAt.getTime() - ctx.clock.now().getTime()) / 1000),
    path: REFRESH_COOKIE_PATH,
  });
  ctx.cookies?.set(PAGE_COOKIE, tokens.accessToken, {
    maxAgeSeconds: Math.round((tokens.accessTokenExpiresAt.getTime() - ctx.clock.now().getTime()) / 1000),
    path: PAGE_COOKIE_PATH,
  });
  const asViewer = await resolveViewer(ctx.ds, tokens.accessToken, ctx.clock.now());
  return {
    signedIn: true,
    viewer: await loadViewer(ctx, tokens.userId, asViewer.roles),
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    notices: notices(ctx, result.notices),
    returnTo: result.returnTo ?? null,
  };
}

@Resolver()
export class AuthResolver {
  @Query(() => Viewer, { nullable: true, description: "The signed-in member, or null for a visitor." })
  viewer(@Ctx() ctx: Context): Promise<Viewer | null> | null {
    return ctx.viewer.userId ? loadViewer(ctx, ctx.viewer.userId, ctx.viewer.roles) : null;
  }

  @Mutation(() => AuthPayload, { description: "Creates an account and signs it in." })
  async signUp(@Arg("input", () => SignUpInput) input: SignUpInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return payload(ctx, await auth.signUp(ctx, input));
  }

  @Mutation(() => AuthPayload, { description: "Signs in with email or phone and password." })
  async signIn(@Arg("input", () => SignInInput) input: SignInInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return payload(ctx, await auth.signIn(ctx, input));
  }

  @Mutation(() => Boolean, { description: "Emails a sign-in link when the address has an account. Always true." })
  async requestMagicLink(@Arg("input", () => MagicLinkInput) input: MagicLinkInput, @Ctx() ctx: Context): Promise<boolean> {
    await auth.requestMagicLink(ctx, input);
    return true;
  }

  @Mutation(() => AuthPayload, { description: "Signs in with the token of a magic link (once, within 15 minutes)." })
  async signInWithMagicLink(@Arg("token", () => String) token: string, @Ctx() ctx: Context): Promise<AuthPayload> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.magic_link_invalid");
    return payload(ctx, await auth.signInWithMagicLink(ctx, token));
  }

  @Mutation(() => AuthPayload, { description: "New access token from the refresh cookie; the cookie rotates." })
  async refreshSession(@Ctx() ctx: Context): Promise<AuthPayload> {
    const cookie = ctx.cookies?.get(REFRESH_COOKIE);
    if (!cookie) throw new AppError(ErrorCode.UNAUTHENTICATED, "errors.session_expired");
    try {
      return await payload(ctx, { tokens: await rotateRefreshToken(ctx, cookie), notices: [] });
    } catch (err) {
      // Only a refused token ends the cookie; a passing server fault must not sign anyone out.
      if (err instanceof AppError && err.code === ErrorCode.UNAUTHENTICATED) clearSessionCookies(ctx);
      throw err;
    }
  }

  @Mutation(() => Boolean, { description: "Ends this session and clears the refresh cookie." })
  async signOut(@Ctx() ctx: Context): Promise<boolean> {
    await auth.signOut(ctx);
    clearSessionCookies(ctx);
    return true;
  }

  @RequireRoles()
  @Query(() => [SessionInfo], { description: "Where the member is signed in." })
  async mySessions(@Ctx() ctx: Context): Promise<SessionInfo[]> {
    const rows = await listSessions(ctx.ds, ctx.viewer.userId!, ctx.clock.now());
    return rows.map((r) => ({
      id: toGlobalId(SESSION_TYPE, r.id),
      userAgent: r.userAgent,
      ...deviceOf(r.userAgent),
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      current: r.id === ctx.viewer.sessionId,
    }));
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Signs one of the member's own sessions out." })
  async revokeSession(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    const ref = fromGlobalId(id);
    if (!ref || ref.type !== SESSION_TYPE || !isUuid(ref.id)) throw new AppError(ErrorCode.NOT_FOUND, "errors.not_found");
    if (!(await revokeSession(ctx, ref.id, ctx.viewer.userId!, "revoked_by_member")))
      throw new AppError(ErrorCode.NOT_FOUND, "errors.not_found");
    return true;
  }

  @RequireRoles()
  @Mutation(() => [AuthNotice], { description: "Changes the password; other sessions are signed out." })
  async changePassword(@Arg("input", () => ChangePasswordInput) input: ChangePasswordInput, @Ctx() ctx: Context): Promise<AuthNotice[]> {
    return notices(ctx, await auth.changePassword(ctx, input.currentPassword, input.newPassword));
  }

  @RequireRoles()
  @Mutation(() => Viewer, {
    description:
      "Updates the member's name, language, digits, village of origin, or whether they are listed among their villages' members.",
  })
  async updateProfile(@Arg("input", () => UpdateProfileInput) input: UpdateProfileInput, @Ctx() ctx: Context): Promise<Viewer> {
    const userId = ctx.viewer.userId;
    if (!userId) throw unauthenticated();
    await ctx.ds.transaction(async (tx) => {
      const [before]: Record<string, unknown>[] = await tx.query(
        `SELECT display_name, preferred_language, digits, village_of_origin, show_in_village_members FROM users WHERE id = $1 FOR UPDATE`,
        [userId],
      );
      // TypeORM answers UPDATE … RETURNING with [rows, affectedCount].
      const [[after]]: [Record<string, unknown>[], number] = await tx.query(
        `UPDATE users SET display_name = COALESCE($2, display_name), preferred_language = COALESCE($3, preferred_language),
           village_of_origin = CASE WHEN $4::boolean THEN $5 ELSE village_of_origin END,
           show_in_village_members = COALESCE($6, show_in_village_members), digits = COALESCE($7, digits), updated_at = now()
         WHERE id = $1 RETURNING display_name, preferred_language, digits, village_of_origin, show_in_village_members`,
        [
          userId,
          input.displayName?.trim() ?? null,
          input.preferredLanguage ?? null,
          input.villageOfOrigin !== undefined,
          input.villageOfOrigin?.trim() || null,
          input.showInVillageMembers ?? null,
          input.digits ?? null,
        ],
      );
      await audit(tx, { tableName: "users", recordId: userId, userId, action: "update_profile", before, after });
    });
    return (await loadViewer(ctx, userId, ctx.viewer.roles))!;
  }
}
