import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import type { Context } from "../../../common/context.js";
import { PersonView } from "../people/person.types.js";
import { relationship, viewerPerson } from "./relationship.service.js";
import { RelationshipView } from "./relationship.types.js";

@Resolver(() => RelationshipView)
export class RelationshipResolver {
  @Query(() => RelationshipView, {
    description: "How b is related to a through parent links and unions (10 generations each way); a constant number of SQL statements.",
  })
  relationship(@Arg("a", () => ID) a: string, @Arg("b", () => ID) b: string, @Ctx() ctx: Context): Promise<RelationshipView> {
    return relationship(ctx, a, b);
  }

  @Query(() => PersonView, { nullable: true, description: "The signed-in member's own person record in the tree, if any." })
  viewerPerson(@Ctx() ctx: Context): Promise<PersonView | null> {
    return viewerPerson(ctx);
  }
}
