import { randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: session, refresh and magic-link tokens. */
export const newToken = (): string => randomBytes(32).toString("base64url");

export const REFRESH_COOKIE = "roots_rt";
export const REFRESH_COOKIE_PATH = "/graphql";
/**
 * The page cookie: the current access token, for the server's renders of a member's pages only
 * (app/server.ts). Its path is the whole site, so a page request carries it; the GraphQL API
 * never reads it (it takes the Authorization header alone, so a cross-site request cannot use
 * it). httpOnly and SameSite=Lax like the refresh cookie; it ends with the access token.
 */
export const PAGE_COOKIE = "roots_page";
export const PAGE_COOKIE_PATH = "/";
export const MAGIC_LINK_TTL_MINUTES = 15;
