import { all, connection, type ReadTags } from "../../common/auth/reads.js";

const members = connection("admins");

/** Who reads what of accounts: a member's own session and profile; other members only for admins (role grants). */
export const accountsReads: ReadTags = {
  AuthNotice: all("self", "key message"),
  AuthPayload: all("self", "accessToken accessTokenExpiresAt notices returnTo signedIn viewer"),
  Viewer: all("self", "can digits displayName email id mainRole phone preferredLanguage roles showInVillageMembers villageOfOrigin"),
  ViewerCan: all("self", "accessAdmin accessManagement handleDocumentRequests handlePayments manageRoles readOutbox reviewPartnerApps"),
  SessionInfo: all("self", "browser createdAt current id lastSeenAt os userAgent"),
  Member: all("admins", "createdAt displayName email grants id lastSignInAt phone"),
  MemberConnection: members.connection,
  MemberEdge: members.edge,
  RoleGrant: all("admins", "active expiresAt grantedAt reason role"),
  RoleCount: all("staff", "count role"),
  StaffOverview: all("staff", "members roles"),
};
