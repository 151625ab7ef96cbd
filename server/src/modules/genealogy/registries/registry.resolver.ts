import { Arg, Ctx, Extensions, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { Village } from "../villages/village.entity.js";
import { createVillageLoaders } from "../villages/village.loaders.js";
import * as service from "./registry.service.js";
import { RegistryCountry, RegistryEntryInput, RegistryEntryView, RegistryInput, RegistryView } from "./registry.types.js";

@Resolver(() => RegistryView)
export class RegistryResolver {
  @Query(() => [RegistryView], { description: "The registers of a village." })
  registries(@Arg("villageId", () => ID) villageId: string, @Ctx() ctx: Context): Promise<RegistryView[]> {
    return service.registriesOf(ctx, villageId);
  }

  @Extensions({ listSize: 60 })
  @Query(() => [RegistryCountry], { description: "A village's registered emigrants grouped by destination country, most first." })
  registryByCountry(@Arg("villageId", () => ID) villageId: string, @Ctx() ctx: Context): Promise<RegistryCountry[]> {
    return service.byCountry(ctx, villageId);
  }

  @FieldResolver(() => Village, { nullable: true })
  village(@Root() r: RegistryView, @Ctx() ctx: Context): Promise<Village | null> {
    return ctx
      .use(createVillageLoaders)
      .villageById.load(r.villageId)
      .then((v) => (v?.isPublic ? v : null));
  }

  @FieldResolver(() => [RegistryEntryView], { description: "Entries the viewer may see (living people shown as Private are left out)." })
  entries(@Root() r: RegistryView, @Ctx() ctx: Context): Promise<RegistryEntryView[]> {
    return service.registryEntries(ctx, r.rawId);
  }

  @RequireRoles()
  @Mutation(() => RegistryView, { description: "Opens a register for a village (members)." })
  createRegistry(@Arg("input", () => RegistryInput) input: RegistryInput, @Ctx() ctx: Context): Promise<RegistryView> {
    return service.createRegistry(ctx, input);
  }

  @RequireRoles()
  @Mutation(() => RegistryView, { description: "Changes a register's type or title (creator, editors, admins)." })
  updateRegistry(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => RegistryInput) input: RegistryInput,
    @Ctx() ctx: Context,
  ): Promise<RegistryView> {
    return service.updateRegistry(ctx, id, input);
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Deletes a register and its entries (creator, editors, admins)." })
  deleteRegistry(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return service.deleteRegistry(ctx, id);
  }

  @RequireRoles()
  @Mutation(() => RegistryEntryView, { description: "Adds a person to a register, by default the village's emigrant register (members)." })
  addRegistryEntry(@Arg("input", () => RegistryEntryInput) input: RegistryEntryInput, @Ctx() ctx: Context): Promise<RegistryEntryView> {
    return service.addRegistryEntry(ctx, input);
  }

  @RequireRoles()
  @Mutation(() => RegistryEntryView, { description: "Changes an entry (creator, editors, admins)." })
  updateRegistryEntry(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => RegistryEntryInput) input: RegistryEntryInput,
    @Ctx() ctx: Context,
  ): Promise<RegistryEntryView> {
    return service.updateRegistryEntry(ctx, id, input);
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Removes an entry (creator, editors, admins)." })
  deleteRegistryEntry(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return service.deleteRegistryEntry(ctx, id);
  }
}

@Resolver(() => RegistryCountry)
export class RegistryCountryResolver {
  @FieldResolver(() => [RegistryEntryView], { description: "The entries for this country the viewer may see." })
  entries(@Root() c: RegistryCountry, @Ctx() ctx: Context): Promise<RegistryEntryView[]> {
    return service.countryEntries(ctx, c);
  }
}

@Resolver(() => Village)
export class VillageRegistryResolver {
  @FieldResolver(() => [RegistryCountry], {
    description: "Emigrant registry summary: destination countries with counts (one query for a page of villages).",
  })
  registrySummary(@Root() v: Village, @Ctx() ctx: Context): Promise<RegistryCountry[]> {
    return service.registryLoaders(ctx).summary.load(v.id);
  }
}
