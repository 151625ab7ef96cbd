import { createHash } from "node:crypto";
import type { Adapter, AdapterPayload } from "oidc-provider";
import { errors } from "oidc-provider";
import type { DataSource } from "typeorm";
import type { Clock } from "../../../common/clock.js";
import { appClientMetadata, type AppRow } from "../apps.store.js";

/** Artifacts are kept by the SHA-256 of their id: a copy of the table holds no usable code or token. */
export const artifactKey = (id: string): string => createHash("sha256").update(id, "utf8").digest("hex");

/** Models that are spent once: a second use is a replay. */
const CONSUMABLE = new Set(["AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest"]);

/**
 * oidc-provider's storage in PostgreSQL (one table, `oauth_artifacts`, for every model; clients
 * are the approved rows of `partner_apps`). Expiry is read on the server's clock, so a TestClock
 * ages codes and tokens. `consume` is one conditional UPDATE: when two requests spend the same
 * code or refresh token at once, the second finds it spent, revokes everything of its grant, and
 * is refused (`invalid_grant`).
 */
export function postgresAdapter(ds: DataSource, clock: Clock): new (name: string) => Adapter {
  return class PostgresAdapter implements Adapter {
    constructor(readonly name: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      if (this.name === "Client") throw new Error("Clients are registered as partner apps");
      const expiresAt = expiresIn ? new Date(clock.now().getTime() + expiresIn * 1000) : null;
      await ds.query(
        `INSERT INTO oauth_artifacts (model, id, payload, grant_id, uid, client_id, account_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
           client_id = EXCLUDED.client_id, account_id = EXCLUDED.account_id, expires_at = EXCLUDED.expires_at`,
        [
          this.name,
          artifactKey(id),
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.uid ?? null,
          payload.clientId ?? null,
          payload.accountId ?? null,
          expiresAt,
        ],
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === "Client") {
        const [app]: AppRow[] = await ds.query(`SELECT * FROM partner_apps WHERE client_id = $1 AND state = 'approved'`, [id]);
        return app ? appClientMetadata(app) : undefined;
      }
      return this.findWhere(`id = $2`, artifactKey(id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(`uid = $2`, uid);
    }

    findByUserCode(): Promise<AdapterPayload | undefined> {
      return Promise.resolve(undefined); // no device flow
    }

    private async findWhere(where: string, value: string): Promise<AdapterPayload | undefined> {
      const [row]: { payload: AdapterPayload; consumed_at: Date | null }[] = await ds.query(
        `SELECT payload, consumed_at FROM oauth_artifacts
          WHERE model = $1 AND ${where} AND (expires_at IS NULL OR expires_at > $3)`,
        [this.name, value, clock.now()],
      );
      if (!row) return undefined;
      return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
    }

    async consume(id: string): Promise<void> {
      const [rows]: [{ grant_id: string | null }[], number] = await ds.query(
        `UPDATE oauth_artifacts SET consumed_at = $3 WHERE model = $1 AND id = $2 AND consumed_at IS NULL RETURNING grant_id`,
        [this.name, artifactKey(id), clock.now()],
      );
      if (rows.length === 1 || !CONSUMABLE.has(this.name)) return;
      // Another request spent it first: a replay. Nothing of its grant stays usable.
      const [row]: { grant_id: string | null }[] = await ds.query(`SELECT grant_id FROM oauth_artifacts WHERE model = $1 AND id = $2`, [
        this.name,
        artifactKey(id),
      ]);
      if (row?.grant_id) await this.revokeByGrantId(row.grant_id);
      throw new errors.InvalidGrant(`${this.name === "RefreshToken" ? "refresh token" : "authorization code"} already consumed`);
    }

    async destroy(id: string): Promise<void> {
      await ds.query(`DELETE FROM oauth_artifacts WHERE model = $1 AND id = $2`, [this.name, artifactKey(id)]);
    }

    /** Revoking a grant ends every artifact of it, whatever the model asking (and the grant itself, so tokens saved after still fail). */
    async revokeByGrantId(grantId: string): Promise<void> {
      await ds.query(`DELETE FROM oauth_artifacts WHERE grant_id = $1 OR (model = 'Grant' AND id = $2)`, [grantId, artifactKey(grantId)]);
    }
  };
}
