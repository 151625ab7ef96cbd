import { ArgsType, Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { ConnectionArgs, PageInfo } from "../../../common/pagination.js";

export enum AuditTable {
  PEOPLE = "people",
  FAMILIES = "families",
  VILLAGES = "villages",
}
registerEnumType(AuditTable, { name: "AuditTable", description: "Tables whose history curators can read and revert." });

@ObjectType("AuditChange", { description: "One field of a change: its value before and after (JSON text)." })
export class AuditChange {
  @Field(() => String)
  field: string;

  @Field(() => String, { nullable: true })
  before: string | null;

  @Field(() => String, { nullable: true })
  after: string | null;
}

@ObjectType("AuditEntry", { description: "One audited change of a record." })
export class AuditEntryView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "create, update, verify, delete, merge or revert." })
  action: string;

  @Field(() => ID, { description: "Global id of the record changed (a merged person keeps their old id here)." })
  recordId: string;

  @Field(() => String, { nullable: true, description: "Who made the change." })
  userName: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => [AuditChange])
  changes: AuditChange[];

  @Field(() => Boolean, { description: "True when this change can be reverted now (nothing changed the record since)." })
  canRevert: boolean;
}

@ObjectType("AuditEntryEdge")
export class AuditEntryEdge {
  @Field(() => String)
  cursor: string;

  @Field(() => AuditEntryView)
  node: AuditEntryView;
}

@ObjectType("AuditEntryConnection", { description: "A record's history, newest first." })
export class AuditEntryConnection {
  @Field(() => [AuditEntryEdge])
  edges: AuditEntryEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int)
  totalCount: number;
}

@ArgsType()
export class AuditLogArgs extends ConnectionArgs {
  @Field(() => AuditTable)
  table: AuditTable;

  @Field(() => ID, { description: "Global id of the Person, Family or Village." })
  recordId: string;
}
