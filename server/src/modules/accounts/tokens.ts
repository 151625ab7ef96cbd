import { randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: session, refresh and magic-link tokens. */
export const newToken = (): string => randomBytes(32).toString("base64url");

export const REFRESH_COOKIE = "roots_rt";
export const REFRESH_COOKIE_PATH = "/graphql";
export const MAGIC_LINK_TTL_MINUTES = 15;
