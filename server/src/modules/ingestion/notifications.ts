import { toGlobalId } from "../../common/global-id.js";
import { defineNotification } from "../../common/notifications.js";
import { notify, type NotifyDeps } from "../notifications/index.js";
import type { ImportJob } from "./import-job.entity.js";
import type { ImportOutcomeNotice } from "./runner.js";

declare module "../../common/notifications.js" {
  interface NotificationKinds {
    /** An import was read and waits for the member's review. */
    "ingestion.import_ready": ImportNotice & { people: number };
    /** An import's people were written into the tree. */
    "ingestion.import_done": ImportNotice & { people: number };
    /** An import could not be read or written. */
    "ingestion.import_failed": ImportNotice;
  }
}

interface ImportNotice {
  /** The import's global id (`ImportJob:…`). */
  importId: string;
  kind: "gedcom" | "spreadsheet";
  fileName: string;
}

const importPage = (p: ImportNotice) => `${p.kind === "spreadsheet" ? "/excel" : "/roots/import"}?job=${encodeURIComponent(p.importId)}`;

export const importReady = defineNotification({
  kind: "ingestion.import_ready",
  link: importPage,
  defaults: { inApp: true, email: "immediate" },
});
export const importDone = defineNotification({ kind: "ingestion.import_done", link: importPage, defaults: { inApp: true, email: "off" } });
export const importFailed = defineNotification({
  kind: "ingestion.import_failed",
  link: importPage,
  defaults: { inApp: true, email: "immediate" },
});

export const ingestionNotifications = [importReady, importDone, importFailed];

/** Tells the import's owner that it waits for review, was written, or failed. */
export async function tellMember(deps: NotifyDeps, job: ImportJob, outcome: ImportOutcomeNotice): Promise<void> {
  const notice: ImportNotice = {
    importId: toGlobalId("ImportJob", job.id),
    kind: job.kind === "spreadsheet" ? "spreadsheet" : "gedcom",
    fileName: job.fileName,
  };
  if (outcome === "review") await notify(deps, importReady, job.userId, { ...notice, people: job.counts.people });
  else if (outcome === "done") await notify(deps, importDone, job.userId, { ...notice, people: job.counts.people });
  else await notify(deps, importFailed, job.userId, notice);
}
