import type { DataSource } from "typeorm";
import type { Config } from "../../config.js";
import type { EventBus } from "../../common/event-bus.js";
import { toGlobalId } from "../../common/global-id.js";
import type { JobSender } from "../../common/jobs/index.js";
import { defineNotification } from "../../common/notifications.js";
import { notify } from "../notifications/index.js";
import type { ProposalRow } from "./proposal.service.js";

/** What happened to a proposal or its ballot (each a translation `ballots.event.<event>`). */
export type BallotEvent =
  | "proposed"
  | "commented"
  | "accepted_directly"
  | "cooling_off"
  | "open"
  | "accepted"
  | "rejected"
  | "quorum_missed"
  | "tie"
  | "applied"
  | "conflict";

declare module "../../common/notifications.js" {
  interface NotificationKinds {
    /** A proposal the member watches (through its article or village), or a ballot they may vote in, moved on. Never a vote. */
    "ballots.update": { proposalId: string; villageSlug: string; title: string; event: BallotEvent };
  }
}

export const ballotUpdate = defineNotification({
  kind: "ballots.update",
  // The proposal page's route takes the global id (as every id the client reads).
  link: (p) => `/root/${p.villageSlug}/rootpedia/proposal/${toGlobalId("BallotProposal", p.proposalId)}`,
  text: (p, t) => ({ title: p.title, event: t(`ballots.event.${p.event}`) }),
  defaults: { inApp: true, email: "digest" },
});

export const ballotsNotifications = [ballotUpdate];

export interface AnnounceDeps {
  ds: DataSource;
  jobs: JobSender;
  bus: EventBus;
  config: Config;
}

/**
 * Tells the proposal's watchers (its article's and its village's), its author and `also` (the
 * ballot's eligible members), each once and in their language; not `actorId`.
 */
export async function announce(
  deps: AnnounceDeps,
  p: ProposalRow,
  event: BallotEvent,
  actorId: string | null,
  also: readonly string[] = [],
): Promise<void> {
  const rows: { user_id: string }[] = await deps.ds.query(
    `SELECT DISTINCT user_id FROM rootpedia_watches WHERE (article_id = $1 OR village_id = $2)`,
    [p.article_id, p.village_id],
  );
  const [v]: { slug: string }[] = await deps.ds.query(`SELECT slug FROM villages WHERE id = $1`, [p.village_id]);
  const to = new Set([...rows.map((r) => r.user_id), ...(p.author_id ? [p.author_id] : []), ...also]);
  if (actorId) to.delete(actorId);
  for (const userId of to)
    await notify({ db: deps.ds, jobs: deps.jobs, bus: deps.bus, config: deps.config }, ballotUpdate, userId, {
      proposalId: p.id,
      villageSlug: v?.slug ?? "",
      title: p.title,
      event,
    });
}
