import type { DataSource } from "typeorm";
import { AppError, ErrorCode } from "../../common/errors.js";
import type { EventBus } from "../../common/event-bus.js";
import { logger } from "../../common/logger.js";

/** The rootspace a request works in: every genealogy read and write is scoped by its id. */
export interface CurrentRootspace {
  id: string;
  slug: string;
}

/** The rootspace of a request that names none (no `X-Rootspace` header, no `rootspace` connection parameter). */
export const DEFAULT_ROOTSPACE_SLUG = "lebanon";

/** The HTTP header that names the request's rootspace by slug. */
export const ROOTSPACE_HEADER = "x-rootspace";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Slugs are few (one per country); the cap only bounds what a caller could make us keep. */
const MAX_CACHED = 500;

const unknownRootspace = (slug: string) =>
  new AppError(ErrorCode.BAD_USER_INPUT, "errors.unknown_rootspace", { slug: slug.slice(0, 60) }, [
    { field: "rootspace", key: "errors.unknown_rootspace", params: { slug: slug.slice(0, 60) } },
  ]);

/**
 * Slug → rootspace for this server instance: active rootspaces only, remembered until any
 * rootspace changes (`ROOTSPACE_UPDATED`, which every instance receives through the bus).
 */
export class RootspaceDirectory {
  private readonly known = new Map<string, CurrentRootspace>();
  private readonly looking = new Map<string, Promise<CurrentRootspace>>();
  private readonly changes: ReturnType<EventBus["subscribe"]>;

  constructor(
    private readonly ds: DataSource,
    bus: EventBus,
  ) {
    this.changes = bus.subscribe("ROOTSPACE_UPDATED");
    void this.listen();
  }

  private async listen(): Promise<void> {
    try {
      for await (const _changed of this.changes) this.forget();
    } catch (err) {
      logger.error("Rootspace cache listener stopped", { err: String(err) });
    }
  }

  /** Stops listening (the server is stopping). */
  async close(): Promise<void> {
    directories.delete(this.ds);
    await this.changes.return?.();
  }

  /** Drops every remembered slug (a slug may have been renamed, or a rootspace switched off). */
  forget(): void {
    this.known.clear();
  }

  /**
   * The active rootspace named by `slug` (absent or blank: the default). An unknown, malformed
   * or inactive slug is BAD_USER_INPUT: the caller asked for a space that is not open.
   */
  async resolve(slug: string | null | undefined): Promise<CurrentRootspace> {
    const wanted = typeof slug === "string" && slug.trim() ? slug.trim().toLowerCase() : DEFAULT_ROOTSPACE_SLUG;
    if (wanted.length > 60 || !SLUG.test(wanted)) throw unknownRootspace(wanted);
    const hit = this.known.get(wanted);
    if (hit) return hit;
    // Requests that miss together share one lookup (a burst of new WebSocket subscribers at start).
    let lookup = this.looking.get(wanted);
    if (!lookup) {
      lookup = this.lookUp(wanted).finally(() => this.looking.delete(wanted));
      this.looking.set(wanted, lookup);
    }
    return lookup;
  }

  private async lookUp(wanted: string): Promise<CurrentRootspace> {
    const [row]: CurrentRootspace[] = await this.ds.query(`SELECT id, slug FROM rootspaces WHERE slug = $1 AND is_active`, [wanted]);
    if (!row) throw unknownRootspace(wanted);
    if (this.known.size >= MAX_CACHED) this.known.clear();
    this.known.set(wanted, { id: row.id, slug: row.slug });
    return { id: row.id, slug: row.slug };
  }
}

const directories = new WeakMap<DataSource, RootspaceDirectory>();

/** The directory of the server instance that owns `ds` (one per data source, made on first use). */
export function rootspaceDirectory(ds: DataSource, bus: EventBus): RootspaceDirectory {
  let found = directories.get(ds);
  if (!found) {
    found = new RootspaceDirectory(ds, bus);
    directories.set(ds, found);
  }
  return found;
}
