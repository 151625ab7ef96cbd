import type { RequestHandler } from "express";
import type { MiddlewareFn } from "type-graphql";
import { AppError, ErrorCode } from "./errors.js";
import { currentLanguage, translate } from "./i18n.js";

/**
 * The feature flags as a server instance knows them: a snapshot loaded from the database
 * (the admin area keeps it fresh), read synchronously so a guard costs no query.
 */
export interface FeatureFlags {
  /** Whether `flag` is on (an unknown flag is off). */
  isOn(flag: string): boolean;
  /** Drops this instance's snapshot: the next request reloads it (after an admin changed a flag). */
  invalidate(): void;
}

/** The snapshot's keeper: `fresh()` reloads it first when it is older than the refresh interval or dropped. */
export interface FlagSource extends FeatureFlags {
  fresh(): Promise<FeatureFlags>;
}

/** What a part of the product answers while its flag is off. */
export const areaDisabled = (): AppError => new AppError(ErrorCode.FORBIDDEN, "errors.area_disabled");

/**
 * type-graphql middleware: every query, mutation, field resolver and subscription event of
 * the class it is put on refuses while `flag` is off (app/schema.ts applies it from the manifests).
 */
export const flagGuard =
  (flag: string): MiddlewareFn<{ flags: FeatureFlags }> =>
  ({ context }, next) => {
    if (!context.flags.isOn(flag)) throw areaDisabled();
    return next();
  };

/** For code that runs outside a server request (the command-line import): every flag on. */
export const EVERY_FLAG_ON: FeatureFlags = { isOn: () => true, invalidate: () => {} };

/** Express middleware: 403 with the translated message unless every one of `keys` is on. */
export const requireFlags =
  (flags: FlagSource, ...keys: string[]): RequestHandler =>
  async (_req, res, next) => {
    const snapshot = await flags.fresh();
    if (keys.every((key) => snapshot.isOn(key))) return next();
    res.status(403).json({ error: "errors.area_disabled", message: translate("errors.area_disabled", currentLanguage()) });
  };
