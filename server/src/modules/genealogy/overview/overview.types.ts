import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("RootspaceCounts", { description: "How much the rootspace holds, for its home page: numbers only, never who." })
export class RootspaceCounts {
  @Field(() => Int, { description: "Public villages." })
  villages: number;

  @Field(() => Int, { description: "Public families." })
  families: number;

  @Field(() => Int, { description: "People recorded (living and private ones counted, none shown)." })
  people: number;
}
