import type { RequestHandler } from "express";
import { AppError, ErrorCode } from "./errors.js";
import { fromGlobalId } from "./global-id.js";
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
  /** Calls `listener` each time a change announced on the bus has been loaded (live subscriptions of a part switched off end). */
  onChange(listener: () => void): () => void;
}

/** What a part of the product answers while its flag is off. */
export const areaDisabled = (): AppError => new AppError(ErrorCode.FORBIDDEN, "errors.area_disabled");

/** The flags each GraphQL type is behind (its area's or its part's), from the manifests (app/schema.ts registers them). */
const typeFlags = new Map<string, string[]>();

export function registerTypeFlags(pairs: Iterable<readonly [type: string, flag: string]>): void {
  typeFlags.clear();
  for (const [type, flag] of pairs) typeFlags.set(type, [...new Set([...(typeFlags.get(type) ?? []), flag])]);
}

/**
 * Whether records of a GraphQL type (`Person`, `Event`…) may be shown or addressed: every flag it is
 * behind is on. For whatever reaches such a record outside its own resolvers: `node(id)`, HTTP routes
 * addressing it by global id, another area's links to it (a Rootpedia citation of a person).
 */
export const typeOn = (flags: FeatureFlags, type: string): boolean => (typeFlags.get(type) ?? []).every((flag) => flags.isOn(flag));

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

/**
 * Express middleware for every HTTP route (app/server.ts mounts it before the areas' routes): a
 * request naming a record by its global id in its query (`?target=`, `?person=`) is refused,
 * as `requireFlags` does, while a flag that record's type is behind is off (a photo uploaded to
 * a person while the family tree is off).
 */
export const refuseSwitchedOffRecords =
  (flags: FlagSource): RequestHandler =>
  async (req, res, next) => {
    const types = Object.values(req.query).flatMap((v) => (typeof v === "string" ? [fromGlobalId(v)?.type ?? ""] : []));
    if (!types.some((type) => typeFlags.has(type))) return next();
    const snapshot = await flags.fresh();
    if (types.every((type) => typeOn(snapshot, type))) return next();
    res.status(403).json({ error: "errors.area_disabled", message: translate("errors.area_disabled", currentLanguage()) });
  };
