import type { Request, Response, Router } from "express";
import type { DataSource, EntityManager } from "typeorm";
import type { Config } from "../config.js";
import type { Clock } from "./clock.js";
import type { Role } from "./auth/roles.js";
import type { Context } from "./context.js";
import type { AppScope } from "./auth/app-scope.js";
import type { AnyJobDefinition, JobSender } from "./jobs/index.js";
import type { EventBus, Topics } from "./event-bus.js";
import type { FlagSource } from "./flags.js";
import type { NodeLoader } from "./node.js";
import type { AnyPolicy } from "./auth/policy.js";
import type { ReadTags } from "./auth/reads.js";
import type { AnyNotificationTemplate } from "./notifications.js";

/** What an area's HTTP routes (uploads, downloads, reports) are built from. */
export interface AreaServices {
  ds: DataSource;
  bus: EventBus;
  config: Config;
  jobs: JobSender;
  /** The time business rules read (rate-limit windows, expiries); a TestClock in tests. */
  clock: Clock;
  /** Feature flags: routes of a part that is switched off refuse (`requireFlags`). */
  flags: FlagSource;
  /**
   * The request's context, made by the factory GraphQL's requests use (viewer, principal,
   * rootspace, clock, loaders, language): the rootspace from `X-Rootspace`, or the `rootspace`
   * query parameter a plain link can carry. Null once it has answered: 400 with the translated
   * reason for an unknown rootspace, as GraphQL refuses it. A busy database throws (503).
   *
   * Routes are members' own: an app token counts only where the route names the scope it
   * accepts (`appScope`: tree:export for the GEDCOM export, tree:import for uploads), for the
   * member who consented, charged to the app's hourly budget (429 with Retry-After once spent).
   */
  context(req: Request, res: Response, opts?: { appScope?: AppScope }): Promise<Context | null>;
}

/** A part of an area behind its own flag: its resolvers and `node(id)` types refuse while it is off. */
export interface FlaggedPart {
  flag: string;
  resolvers?: readonly Function[];
  /** GraphQL type names `node(id)` refuses to load while the flag is off. */
  nodes?: readonly string[];
}

/** A page under /management or /admin that an area adds, and the roles that may open it (admin always may). */
export interface ManagementRoute {
  path: string;
  roles: readonly Role[];
}

/** A village merged away (`from`) into the one kept (`into`). */
export interface MergedVillages {
  from: { id: string; slug: string };
  into: { id: string; slug: string };
}

/**
 * Moves one column's references from the merged-away village to the kept one, in the merge's
 * transaction; returns how many rows moved.
 */
export type VillageMove = (tx: EntityManager, merge: MergedVillages) => Promise<number>;

/** A person merged away (`goneId`, created by `goneCreator`) into the one kept (`keepId`). */
export interface MergedPeople {
  keepId: string;
  goneId: string;
  goneCreator: string | null;
}

/**
 * What an area does when records other areas own go away or become one. Genealogy and accounts
 * call these for every area (`common/area-hooks.ts`), in the caller's transaction, so a new area
 * whose rows point at villages, people or members adds its hook here and edits nobody else.
 */
export interface AreaHooks {
  /**
   * Per column that points at a village (`"table.column"`, a table the area owns): how a village
   * merge moves it. tests/integration/village-merge.test.ts reads information_schema and fails
   * when a column that points at a village is missing from every area's hook.
   */
  onVillageMerge?: Readonly<Record<string, VillageMove>>;
  /** Moves the area's rows that point at the merged-away person to the kept one. */
  onPersonMerge?: (tx: EntityManager, merge: MergedPeople) => Promise<void>;
  /** Removes or anonymises the area's rows of a member whose account is being deleted. */
  onAccountDelete?: (tx: EntityManager, userId: string) => Promise<void>;
}

/**
 * One area of the product, as `app/` and `db/` see it: everything they assemble comes
 * from these manifests (listed once, in `modules/areas.ts`), so adding an area touches
 * its own folder and one line there.
 */
export interface AreaManifest {
  /** Folder name, also the client's feature folder (see the README's "What is where"). */
  name: string;
  /**
   * The feature flags the area declares, each with its production default (product-spec §9):
   * the catalogue is assembled from these (common/flag-catalogue.ts). Every flag the area and
   * its parts name must be declared by some area.
   */
  flags?: Readonly<Record<string, boolean>>;
  /** The feature flag that switches the area on and off; absent for the platform's core. */
  flag?: string;
  /** Parts behind their own flag, beside the area-wide one (genealogy: family tree, village hubs). */
  flagged?: readonly FlaggedPart[];
  resolvers?: readonly Function[];
  /**
   * The tables the area owns: only its code INSERTs, UPDATEs or DELETEs them; every other area
   * goes through its `index.ts`. tests/repo/table-ownership.test.ts reads every SQL string under
   * the area's folder and checks it.
   */
  tables: readonly string[];
  /**
   * Owned tables other areas may read in their own SQL (joins for names, slugs, counts): the
   * area's published read model. A table not listed here is read through the area's functions.
   */
  shares?: readonly string[];
  /** Merge and delete hooks (`AreaHooks`). */
  hooks?: AreaHooks;
  /**
   * The area's policies (`*.policy.ts`), each under the GraphQL `…ViewerCan` type it answers:
   * that type's fields are the policy's shown actions (tests/repo/policies.test.ts).
   */
  policies?: Readonly<Record<string, AnyPolicy>>;
  /** Who may read each field of the object types the area defines (common/auth/reads.ts); walked by tests/integration/read-walk.test.ts. */
  reads?: ReadTags;
  /** TypeORM entities; migrations must match the union of every area's list (CI checks). */
  entities?: readonly Function[];
  /** GraphQL type name → loader, for `node(id:)` and `nodes(ids:)`. */
  nodes?: Readonly<Record<string, NodeLoader<Context>>>;
  /** The event-bus topics the area publishes (their payloads are typed in `Topics`). */
  topics?: readonly (keyof Topics)[];
  /** Express routers mounted before GraphQL (uploads, downloads, reports). */
  http?: (services: AreaServices) => Router[];
  /** Background jobs (delayed, keyed, recurring) the scheduler runs for the area (common/jobs). */
  jobs?: readonly AnyJobDefinition[];
  /** The kinds of notification the area sends (their parameters are typed in `NotificationKinds`). */
  notifications?: readonly AnyNotificationTemplate[];
  management?: readonly ManagementRoute[];
  /** Demo data for the embedded database and `npm run db:seed`; idempotent. Runs in list order. */
  seed?: (ds: DataSource) => Promise<void>;
}

/** Identity, for type checking at the definition site. */
export const defineArea = <T extends AreaManifest>(area: T): T => area;
