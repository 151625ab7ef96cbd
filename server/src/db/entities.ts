import { JobRun } from "../common/jobs/job-run.entity.js";
import { MagicLink } from "../modules/accounts/magic-link.entity.js";
import { TrustedDevice } from "../modules/accounts/trusted-device.entity.js";
import { RefreshToken } from "../modules/accounts/refresh-token.entity.js";
import { Session } from "../modules/accounts/session.entity.js";
import { User } from "../modules/accounts/user.entity.js";
import { UserRole } from "../modules/accounts/user-role.entity.js";
import { AnalyticsEvent } from "../modules/analytics/analytics-event.entity.js";
import { AuditLog } from "../modules/audit/audit-log.entity.js";
import { ExternalId, ImportJob, ImportStaged, ImportWarning } from "../modules/ingestion/import-job.entity.js";
import { KeptMedia, KeptRecord } from "../modules/ingestion/kept-record.entity.js";
import { ImportOutcome } from "../modules/ingestion/import-outcome.entity.js";
import { OutboxEmail } from "../modules/mail/outbox-email.entity.js";
import { Asset } from "../modules/genealogy/assets/asset.entity.js";
import { GenealogyEvent } from "../modules/genealogy/events/event.entity.js";
import { Registry, RegistryEntry } from "../modules/genealogy/registries/registry.entity.js";
import { Family } from "../modules/genealogy/families/family.entity.js";
import { ParentLink } from "../modules/genealogy/people/parent-link.entity.js";
import { Person } from "../modules/genealogy/people/person.entity.js";
import { Union } from "../modules/genealogy/people/union.entity.js";
import { Village } from "../modules/genealogy/villages/village.entity.js";
import { VillageCurator } from "../modules/genealogy/curation/village-curator.entity.js";
import { Rootspace } from "../modules/rootspaces/rootspace.entity.js";
import { RateLimitHit } from "../modules/security/rate-limit-hit.entity.js";
import { SecurityEvent } from "../modules/security/security-event.entity.js";

/** Every TypeORM entity; migrations must match this list exactly (CI checks). */
export const entities = [
  Rootspace, User, UserRole, Session, RefreshToken, MagicLink, TrustedDevice, AuditLog, AnalyticsEvent, OutboxEmail, SecurityEvent, RateLimitHit, JobRun,
  Village, Family, Person, ParentLink, Union,
  GenealogyEvent, Registry, RegistryEntry, Asset,
  VillageCurator,
  ImportJob, ImportStaged, ImportOutcome, ImportWarning, ExternalId, KeptRecord, KeptMedia,
];
