/**
 * Public surface of the media area: portraits, photos and document scans, checked by their
 * content, stored once by content through the file storage, made into sizes without metadata by
 * the scheduler, and served through signed, expiring links to whoever the record's rule lets see them.
 */
import { defineArea } from "../../common/area.js";
import { mediaHooks } from "./merge-hooks.js";
import { collectMedia } from "./collect.js";
import { AppSecret, MediaFile, MediaItem } from "./media.entity.js";
import { MediaResolver, PersonMediaResolver, VillageMediaResolver } from "./media.resolver.js";
import { mediaNode } from "./media.service.js";

export { pictureLinks } from "./media.service.js";
export { attachDocument } from "./upload.service.js";
export { MediaRefused } from "./image.js";
import { processMedia } from "./process.js";
import { mediaServeRouter } from "./serve.route.js";
import { mediaUploadRouter } from "./upload.route.js";
import { mediaPolicy } from "./media.policy.js";
import { mediaReads } from "./media.reads.js";

export { linkImportedMedia, picturesForExport, processWaiting, type ExportedPicture } from "./gedcom.js";

declare module "../../common/event-bus.js" {
  interface Topics {
    /** Pictures deleted: every instance refuses their links at once (denied.ts). */
    MEDIA_DELETED: [{ ids: string[] }];
  }
}

export const mediaArea = defineArea({
  name: "media",
  reads: mediaReads,
  tables: ["media", "media_files", "app_secrets"],
  hooks: mediaHooks,
  policies: { MediaViewerCan: mediaPolicy },
  resolvers: [MediaResolver, PersonMediaResolver, VillageMediaResolver],
  entities: [MediaFile, MediaItem, AppSecret],
  nodes: { Media: mediaNode },
  http: (services) => [mediaUploadRouter(services), mediaServeRouter(services)],
  jobs: [processMedia, collectMedia],
  topics: ["MEDIA_DELETED"],
});
