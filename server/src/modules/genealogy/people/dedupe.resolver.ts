import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { duplicateSuggestions } from "./duplicates.service.js";
import { DuplicateQueryInput, DuplicateSuggestion } from "./duplicates.types.js";
import { mergePeople } from "./merge.service.js";
import { PersonView } from "./person.types.js";

@Resolver()
export class DedupeResolver {
  @RequireRoles()
  @Query(() => [DuplicateSuggestion], { description: "Existing people who may be the one being added, best first, with why." })
  duplicateSuggestions(
    @Arg("input", () => DuplicateQueryInput) input: DuplicateQueryInput,
    @Ctx() ctx: Context,
  ): Promise<DuplicateSuggestion[]> {
    return duplicateSuggestions(ctx, input);
  }

  @RequireRoles()
  @Mutation(() => PersonView, {
    description: "Merges a duplicate into the kept person, moving every link, union and source. The merged id then answers NOT_FOUND.",
  })
  mergePeople(
    @Arg("keepId", () => ID) keepId: string,
    @Arg("mergeId", () => ID) mergeId: string,
    @Ctx() ctx: Context,
  ): Promise<PersonView> {
    return mergePeople(ctx, keepId, mergeId);
  }
}
