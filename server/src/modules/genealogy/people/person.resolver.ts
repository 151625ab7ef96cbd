import { OpenToApps } from "../../../common/auth/app-scope.js";
import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, Extensions, Field, FieldResolver, ID, Info, Int, Mutation, ObjectType, Query, Resolver, Root } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { toGlobalId } from "../../../common/global-id.js";
import { PageInfo } from "../../../common/pagination.js";
import { selectedFields } from "../../../common/selection.js";
import { Village } from "../villages/village.entity.js";
import { createVillageLoaders } from "../villages/village.loaders.js";
import { createParentGenderLoader } from "./parent-genders.js";
import { ParentKind } from "./parent-kind.js";
import { PeopleArgs, PersonInput } from "./person.inputs.js";
import * as service from "./person.service.js";
import { LineageEntry, PersonEdge, PersonView } from "./person.types.js";
import { removeParent } from "./parent-link.service.js";
import { setMyRecord } from "./self.service.js";
import { addUnion, deleteUnion, unionsOf, updateUnion } from "./union.service.js";
import { listPeople } from "./person-list.service.js";
import { UnionInput, UnionUpdateInput, UnionView } from "./union.types.js";

@ObjectType("PersonConnection", { description: "A page of people." })
class PersonConnection {
  @Field(() => [PersonEdge])
  edges: PersonEdge[];

  @Field(() => PageInfo)
  pageInfo: PageInfo;

  @Field(() => Int)
  totalCount: number;
}

/**
 * The people a lineage of `generations` may hold, for the cost of a query (app/cost.ts): each
 * person has `branching` relatives in the next generation (2 parents; descendants are priced the
 * same, two a person), up to the most a lineage answers (`LINEAGE_MAX_PEOPLE`), so ten
 * generations cost what they may return.
 */
const lineageSize = (branching: number, generations = 4): number =>
  Math.min(
    service.LINEAGE_MAX_PEOPLE,
    Array.from({ length: Math.max(0, Math.min(10, generations)) }, (_, i) => branching ** (i + 1)).reduce((a, b) => a + b, 0),
  );

@Resolver(() => PersonView)
export class PersonResolver {
  @OpenToApps("public:read")
  @Query(() => PersonView, { description: "A person; living people appear as Private unless the viewer may see them." })
  person(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<PersonView> {
    return service.getPerson(ctx, id);
  }

  @OpenToApps("public:read")
  @Query(() => PersonConnection, { description: "People by name in any script, village, family and birth years." })
  people(@Args(() => PeopleArgs) args: PeopleArgs, @Ctx() ctx: Context) {
    return listPeople(ctx, args);
  }

  @Extensions({ listSizeFrom: ({ generations }: { generations?: number }) => lineageSize(2, generations) })
  @OpenToApps("public:read")
  @Query(() => [LineageEntry], { description: "Ancestors up to `generations` (at most 10), nearest first. One SQL statement." })
  ancestors(
    @Arg("personId", () => ID) personId: string,
    @Arg("generations", () => Int, { defaultValue: 4 }) generations: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<LineageEntry[]> {
    return service.lineage(ctx, "ancestors", personId, generations, selectedFields(info, ["person"]));
  }

  @Extensions({ listSizeFrom: ({ generations }: { generations?: number }) => lineageSize(2, generations) })
  @OpenToApps("public:read")
  @Query(() => [LineageEntry], {
    description: "Descendants up to `generations` (at most 10), nearest first; at most 2,046 people (the nearest).",
  })
  descendants(
    @Arg("personId", () => ID) personId: string,
    @Arg("generations", () => Int, { defaultValue: 4 }) generations: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<LineageEntry[]> {
    return service.lineage(ctx, "descendants", personId, generations, selectedFields(info, ["person"]));
  }

  @FieldResolver(() => Village, { nullable: true, description: "Village of origin." })
  village(@Root() p: PersonView, @Ctx() ctx: Context): Promise<Village | null> | null {
    return p.villageId
      ? ctx
          .use(createVillageLoaders)
          .villageById.load(p.villageId)
          .then((v) => (v?.isPublic ? v : null))
      : null;
  }

  @Extensions({ listSize: 2 })
  @FieldResolver(() => [String], {
    description:
      "Genders (M, F or U) of the parents on record, for an editor: a form does not offer a second father or mother. Empty for others.",
  })
  parentGenders(@Root() p: PersonView, @Ctx() ctx: Context): Promise<string[]> | string[] {
    return p.viewerCan.edit && !p.isPrivate ? ctx.use(createParentGenderLoader).parentGenders.load(p.rawId) : [];
  }

  @Extensions({ listSize: 2 })
  @FieldResolver(() => [UnionView], { description: "Unions (marriages, engagements, partnerships), earliest first." })
  unions(@Root() p: PersonView, @Ctx() ctx: Context): Promise<UnionView[]> {
    return unionsOf(ctx, p.rawId, p.isPrivate);
  }

  @RequireRoles()
  @Mutation(() => PersonView, { description: "Records a union between two people; returns the first person." })
  async addUnion(@Arg("input", () => UnionInput) input: UnionInput, @Ctx() ctx: Context): Promise<PersonView> {
    await addUnion(ctx, input);
    return service.getPerson(ctx, input.personId);
  }

  @RequireRoles()
  @Mutation(() => PersonView, {
    description: "Changes a union's kind, date or place (whoever may edit both partners); returns the first partner.",
  })
  async updateUnion(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => UnionUpdateInput) input: UnionUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<PersonView> {
    const [first] = await updateUnion(ctx, id, input);
    return service.getPerson(ctx, toGlobalId("Person", first));
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Removes a union; the partners stay (whoever may edit both)." })
  deleteUnion(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return deleteUnion(ctx, id);
  }

  @RequireRoles()
  @Mutation(() => PersonView, {
    nullable: true,
    description: 'Marks a record the member created as themself ("this is me"), or clears it with null; returns the record.',
  })
  async setMyRecord(
    @Arg("personId", () => ID, { nullable: true }) personId: string | null,
    @Ctx() ctx: Context,
  ): Promise<PersonView | null> {
    const id = await setMyRecord(ctx, personId);
    return id ? service.getPerson(ctx, toGlobalId("Person", id)) : null;
  }

  @RequireRoles()
  @Mutation(() => PersonView, { description: "Adds a person to the member's tree." })
  createPerson(@Arg("input", () => PersonInput) input: PersonInput, @Ctx() ctx: Context): Promise<PersonView> {
    return service.createPerson(ctx, input);
  }

  @RequireRoles()
  @Mutation(() => PersonView, { description: "Changes a person (creator, the person, editors, admins)." })
  updatePerson(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => PersonInput) input: PersonInput,
    @Ctx() ctx: Context,
  ): Promise<PersonView> {
    return service.updatePerson(ctx, id, input);
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Deletes a person and their links (creator, editors, admins)." })
  deletePerson(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return service.deletePerson(ctx, id);
  }

  @RequireRoles()
  @Mutation(() => PersonView, { description: "Links a parent to a child: birth, adoptive, step or unknown." })
  addParent(
    @Arg("childId", () => ID) childId: string,
    @Arg("parentId", () => ID) parentId: string,
    @Arg("kind", () => ParentKind, { defaultValue: ParentKind.BIRTH }) kind: ParentKind,
    @Ctx() ctx: Context,
  ): Promise<PersonView> {
    return service.addParent(ctx, childId, parentId, kind);
  }

  @RequireRoles()
  @Mutation(() => PersonView, { description: "Removes the link between a parent and a child (the people stay); returns the child." })
  async removeParent(
    @Arg("childId", () => ID) childId: string,
    @Arg("parentId", () => ID) parentId: string,
    @Ctx() ctx: Context,
  ): Promise<PersonView> {
    await removeParent(ctx, childId, parentId);
    return service.getPerson(ctx, childId);
  }
}
