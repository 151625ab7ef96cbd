import { all, type ReadTags } from "../../common/auth/reads.js";

/** The development outbox: admins only. */
export const mailReads: ReadTags = {
  OutboxEmail: all("admins", "attempts createdAt html id language status subject text to transport"),
};
