import { Field, ID, ObjectType } from "type-graphql";
import { Role } from "../../common/auth/roles.js";

@ObjectType({ description: "What the signed-in member may do; the client only shows or hides." })
export class ViewerCan {
  @Field(() => Boolean, { description: "Open /management (admin, editor or moderator)." })
  accessManagement: boolean;

  @Field(() => Boolean, { description: "Open /admin (admin)." })
  accessAdmin: boolean;

  @Field(() => Boolean)
  manageRoles: boolean;

  @Field(() => Boolean, { description: "Read the development outbox." })
  readOutbox: boolean;

  @Field(() => Boolean, {
    description: "Open /management/payments: confirm payments and payouts, refund, reverse, keep exchange rates (moderator or admin).",
  })
  handlePayments: boolean;

  @Field(() => Boolean, {
    description: "Open /management/ancestry: work document requests (document officer, moderator or admin).",
  })
  handleDocumentRequests: boolean;

  @Field(() => Boolean, { description: "Open /management/partners: review partner apps (moderator or admin)." })
  reviewPartnerApps: boolean;
}

@ObjectType({ description: "The signed-in member." })
export class Viewer {
  @Field(() => ID, { description: "Global id of the member's account." })
  id: string;

  @Field(() => String)
  displayName: string;

  @Field(() => String, { nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true })
  phone: string | null;

  @Field(() => String)
  preferredLanguage: string;

  @Field(() => String, { description: "The digits Arabic pages write numbers with: latn (0123, the default) or arab (٠١٢٣)." })
  digits: string;

  @Field(() => String, { nullable: true })
  villageOfOrigin: string | null;

  @Field(() => Boolean, { description: "Listed among the members of the villages that are their roots (opt-in)." })
  showInVillageMembers: boolean;

  @Field(() => [Role], { description: "Roles in force, highest rank first (always includes MEMBER)." })
  roles: Role[];

  @Field(() => Role)
  mainRole: Role;

  @Field(() => ViewerCan)
  can: ViewerCan;
}

@ObjectType({ description: "A message for the member, as a translation key and its text." })
export class AuthNotice {
  @Field(() => String)
  key: string;

  @Field(() => String, { description: "In the reader's language." })
  message: string;
}

@ObjectType({ description: "Result of signing up or in. The refresh token travels only in an httpOnly cookie." })
export class AuthPayload {
  @Field(() => Boolean)
  signedIn: boolean;

  @Field(() => Viewer, { nullable: true })
  viewer: Viewer | null;

  @Field(() => String, { nullable: true, description: "Bearer token for `Authorization` and the WebSocket." })
  accessToken: string | null;

  @Field(() => Date, { nullable: true })
  accessTokenExpiresAt: Date | null;

  @Field(() => [AuthNotice])
  notices: AuthNotice[];

  @Field(() => String, { nullable: true, description: "Where a magic link asked to return (a same-site path)." })
  returnTo: string | null;
}

@ObjectType({ description: "A device where the member is signed in." })
export class SessionInfo {
  @Field(() => ID)
  id: string;

  @Field(() => String, { nullable: true, description: "The browser's user agent, as sent." })
  userAgent: string | null;

  @Field(() => String, { nullable: true, description: 'The browser read from the user agent ("Chrome"), null when unknown.' })
  browser: string | null;

  @Field(() => String, { nullable: true, description: 'The operating system read from the user agent ("Linux"), null when unknown.' })
  os: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  lastSeenAt: Date | null;

  @Field(() => Boolean, { description: "The session making this request." })
  current: boolean;
}
