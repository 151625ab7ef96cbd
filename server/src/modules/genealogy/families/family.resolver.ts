import { Arg, Args, ArgsType, Ctx, Field, Float, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from "type-graphql";
import { IsOptional, MaxLength } from "class-validator";
import type { DataSource } from "typeorm";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { notFound } from "../../../common/errors.js";
import { toGlobalId } from "../../../common/global-id.js";
import { isUuid } from "../../../common/global-id.js";
import { byIdLoader } from "../../../common/loaders.js";
import { Node } from "../../../common/node.js";
import { ConnectionArgs, ConnectionType, paginate } from "../../../common/pagination.js";
import { skeleton } from "../names/normalize.js";
import { viewerCan } from "../../../common/auth/policy.js";
import { recordPolicy } from "../people/person.policy.js";
import { rawIdOf } from "../people/person.service.js";
import { PersonView } from "../people/person.types.js";
import { Provenance } from "../provenance.js";
import { Village } from "../villages/village.entity.js";
import { createVillageLoaders } from "../villages/village.loaders.js";
import { Family } from "./family.entity.js";
import { FamilyInput } from "./family.inputs.js";
import * as service from "./family.service.js";

@ObjectType("FamilyViewerCan", { description: "What the viewer may do with this family." })
export class FamilyViewerCan {
  @Field(() => Boolean, { description: "Change or delete it: its creator, editors and admins." })
  edit: boolean;
}

@ObjectType("Family", { implements: Node, description: "A family (clan): a lineage name tied to its village of origin." })
export class FamilyView implements Node {
  rawId: string;
  villageId: string | null;
  /** Not a field: only used to compute `viewerCan`. */
  createdBy: string | null;

  get globalId(): string {
    return toGlobalId("Family", this.rawId);
  }

  @Field(() => String)
  familyName: string;

  @Field(() => String, { nullable: true })
  familyNameAr: string | null;

  @Field(() => String, { nullable: true })
  familyNameFr: string | null;

  @Field(() => String, { nullable: true })
  notes: string | null;

  @Field(() => String, { nullable: true })
  notesAr: string | null;

  @Field(() => String, { nullable: true })
  notesFr: string | null;

  @Field(() => Provenance)
  provenance: Provenance;

  @Field(() => Float)
  confidence: number;

  static from(f: Family): FamilyView {
    return Object.assign(new FamilyView(), {
      rawId: f.id,
      villageId: f.villageId,
      createdBy: f.createdBy,
      familyName: f.familyName,
      familyNameAr: f.familyNameAr,
      familyNameFr: f.familyNameFr,
      notes: f.notes,
      notesAr: f.notesAr,
      notesFr: f.notesFr,
      provenance: f.provenance,
      confidence: f.confidence,
    });
  }
}

@ObjectType("FamilyConnection")
class FamilyConnection extends ConnectionType(FamilyView, "Family") {}

@ArgsType()
class FamiliesArgs extends ConnectionArgs {
  @Field(() => String, { nullable: true, description: "A family name in any script (Khoury, Khouri, الخوري)." })
  @IsOptional()
  @MaxLength(100)
  search?: string;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  villageId?: string;
}

export function createFamilyLoaders({ ds }: { ds: DataSource }) {
  return { familyById: byIdLoader(ds, Family) };
}

/** `node(id)` for families (public ones, of the request's rootspace). */
export async function familyNode(ctx: Context, rawId: string): Promise<FamilyView | null> {
  if (!isUuid(rawId)) return null;
  const f = await ctx.use(createFamilyLoaders).familyById.load(rawId);
  return f && f.isPublic && f.rootspaceId === ctx.rootspace.id ? FamilyView.from(f) : null;
}

@Resolver(() => FamilyView)
export class FamilyResolver {
  @Query(() => FamilyView, { description: "A family by global id." })
  async family(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<FamilyView> {
    const raw = rawIdOf(id, "Family");
    const f = raw ? await familyNode(ctx, raw) : null;
    if (!f) throw notFound();
    return f;
  }

  @Query(() => FamilyConnection, { description: "Families by name in any script, or of a village." })
  async families(@Args(() => FamiliesArgs) args: FamiliesArgs, @Ctx() ctx: Context) {
    const qb = ctx.ds.getRepository(Family).createQueryBuilder("f").where("f.is_public AND f.rootspace_id = :rs", { rs: ctx.rootspace.id });
    // A village's families: those of the village, and those its people belong to.
    if (args.villageId)
      qb.andWhere("(f.village_id = :v OR EXISTS (SELECT 1 FROM people p WHERE p.family_id = f.id AND p.village_id = :v))", {
        v: rawIdOf(args.villageId, "Village"),
      });
    const q = args.search?.trim();
    if (q) qb.andWhere("(f.key_skeleton LIKE '%' || :s || '%' OR :s <% f.key_skeleton)", { s: skeleton(q) });
    const page = await paginate(qb, args, { column: "f.id::text", value: (f) => f.id });
    return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: FamilyView.from(e.node) })) };
  }

  @FieldResolver(() => Village, { nullable: true })
  village(@Root() f: FamilyView, @Ctx() ctx: Context): Promise<Village | null> | null {
    return f.villageId
      ? ctx
          .use(createVillageLoaders)
          .villageById.load(f.villageId)
          .then((v) => (v?.isPublic ? v : null))
      : null;
  }

  @FieldResolver(() => FamilyViewerCan)
  viewerCan(@Root() f: FamilyView, @Ctx() ctx: Context): FamilyViewerCan {
    return viewerCan(recordPolicy, ctx.principal, { created_by: f.createdBy });
  }

  @RequireRoles()
  @Mutation(() => FamilyView, { description: "Records a family (clan) and its village of origin (COMMUNITY until verified)." })
  async createFamily(@Arg("input", () => FamilyInput) input: FamilyInput, @Ctx() ctx: Context): Promise<FamilyView> {
    return (await familyNode(ctx, await service.createFamily(ctx, input)))!;
  }

  @RequireRoles()
  @Mutation(() => FamilyView, { description: "Changes a family (its creator, editors, admins); audited." })
  async updateFamily(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => FamilyInput) input: FamilyInput,
    @Ctx() ctx: Context,
  ): Promise<FamilyView> {
    const raw = await service.updateFamily(ctx, id, input);
    ctx.use(createFamilyLoaders).familyById.clear(raw);
    return (await familyNode(ctx, raw))!;
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Deletes a family no person belongs to (its creator, editors, admins); audited." })
  deleteFamily(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return service.deleteFamily(ctx, id);
  }
}

@Resolver(() => PersonView)
export class PersonFamilyResolver {
  @FieldResolver(() => FamilyView, { nullable: true, description: "The person's family (clan)." })
  async family(@Root() p: PersonView, @Ctx() ctx: Context): Promise<FamilyView | null> {
    if (!p.familyId) return null;
    const f = await ctx.use(createFamilyLoaders).familyById.load(p.familyId);
    return f && (f.isPublic || f.createdBy === ctx.viewer.userId) ? FamilyView.from(f) : null;
  }
}
