/**
 * The feature-flag catalogue, assembled from the areas' manifests: each area declares its flags
 * with their production defaults (product-spec §9), `modules/areas.ts` installs the list once,
 * and the flag store, the admin page and the schema's guards read it from here.
 */
import type { AreaManifest } from "./area.js";

let defaults: Readonly<Record<string, boolean>> | null = null;

/** Called once by `modules/areas.ts`. A flag declared by two areas is refused: one owner each. */
export function installFlagCatalogue(areas: readonly AreaManifest[]): void {
  const all: Record<string, boolean> = {};
  for (const area of areas)
    for (const [key, on] of Object.entries(area.flags ?? {})) {
      if (Object.hasOwn(all, key)) throw new Error(`The feature flag "${key}" is declared by two areas`);
      all[key] = on;
    }
  defaults = all;
}

/** Every flag and its production default: a database row overrides it, a missing row means it. */
export function flagDefaults(): Readonly<Record<string, boolean>> {
  if (!defaults) throw new Error("The flag catalogue is not installed: import modules/areas.ts first");
  return defaults;
}

export const isKnownFlag = (key: string): boolean => Object.hasOwn(flagDefaults(), key);
