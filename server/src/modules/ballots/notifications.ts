import type { DataSource } from "typeorm";
import type { Config } from "../../config.js";
import type { EventBus } from "../../common/event-bus.js";
import { toGlobalId } from "../../common/global-id.js";
import { defineJob, type JobSender } from "../../common/jobs/index.js";
import { newId } from "../../common/uuid.js";
import { defineNotification, type NotificationKinds } from "../../common/notifications.js";
import { notifyMany } from "../notifications/index.js";
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

/** Members told by one job of an announcement (one transaction). */
export const ANNOUNCE_BATCH = 500;

type BallotUpdate = NotificationKinds["ballots.update"];

/**
 * Tells one batch of an announcement's members, in one transaction that also records the batch
 * as done (`once`, keyed by announcement and batch): a worker killed mid-batch leaves none of the
 * batch told, and its retry (another server, once the delivery expires) tells all of it; a batch
 * done is never told again. Each member is told exactly once.
 */
export const announceBatch = defineJob<{ userIds: string[]; params: BallotUpdate }>({
  name: "ballots.announce",
  once: true,
  // A batch takes seconds: a killed worker's is taken up again after this.
  expireInSeconds: 30,
  retryLimit: 10,
  async handler({ userIds, params }, job) {
    const events = await notifyMany({ tx: job.tx!, jobs: job.scheduler, config: job.config }, ballotUpdate, userIds, params);
    job.afterCommit(() => {
      for (const event of events) job.bus.publish("NOTIFICATION_ADDED", event);
    });
  },
});

/**
 * Tells the proposal's watchers (its article's and its village's), its author and `also` (the
 * ballot's eligible members), each once and in their language; not `actorId`. The members are
 * told by jobs of ANNOUNCE_BATCH each (a roll of 50,000 is 100 jobs), all sent in one transaction,
 * so an announcement is told in full or not started, and a crash resumes at the batch it stopped in.
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
  if (!to.size) return;
  const members = [...to].sort();
  const params: BallotUpdate = { proposalId: p.id, villageSlug: v?.slug ?? "", title: p.title, event };
  const id = newId();
  await deps.ds.transaction(async (tx) => {
    for (let i = 0; i * ANNOUNCE_BATCH < members.length; i++) {
      const userIds = members.slice(i * ANNOUNCE_BATCH, (i + 1) * ANNOUNCE_BATCH);
      await deps.jobs.send(announceBatch, { userIds, params }, { key: `${id}:${i}`, tx });
    }
  });
  // Sent in a transaction, they wait for a worker's next look: this server's looks now.
  deps.jobs.wake(announceBatch.name);
}
