import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { RequireRoles } from "../../../common/auth/authorized.js";
import type { Context } from "../../../common/context.js";
import { PersonView } from "../people/person.types.js";
import { Village } from "../villages/village.entity.js";
import { createVillageLoaders } from "../villages/village.loaders.js";
import { EventInput, EventsArgs } from "./event.inputs.js";
import * as service from "./event.service.js";
import { EventConnection, EventView } from "./event.types.js";

@Resolver(() => EventView)
export class EventResolver {
  @Query(() => EventView, { description: "An event; NOT_FOUND when it involves someone the viewer may see only as Private." })
  event(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<EventView> {
    return service.getEvent(ctx, id);
  }

  @Query(() => EventConnection, { description: "Events of a village or a person, or of a type, latest first." })
  events(@Args(() => EventsArgs) args: EventsArgs, @Ctx() ctx: Context) {
    return service.listEvents(ctx, args);
  }

  @FieldResolver(() => [Village], { description: "The villages the event belongs to." })
  async villages(@Root() e: EventView, @Ctx() ctx: Context): Promise<Village[]> {
    const found = await ctx.use(createVillageLoaders).villageById.loadMany(e.villageIds);
    return found.filter((v): v is Village => v instanceof Village && v.isPublic);
  }

  @RequireRoles()
  @Mutation(() => EventView, { description: "Records an event (members); COMMUNITY until verified." })
  createEvent(@Arg("input", () => EventInput) input: EventInput, @Ctx() ctx: Context): Promise<EventView> {
    return service.createEvent(ctx, input);
  }

  @RequireRoles()
  @Mutation(() => EventView, { description: "Changes an event (creator, editors, admins)." })
  updateEvent(@Arg("id", () => ID) id: string, @Arg("input", () => EventInput) input: EventInput, @Ctx() ctx: Context): Promise<EventView> {
    return service.updateEvent(ctx, id, input);
  }

  @RequireRoles()
  @Mutation(() => Boolean, { description: "Deletes an event (creator, editors, admins)." })
  deleteEvent(@Arg("id", () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    return service.deleteEvent(ctx, id);
  }
}

@Resolver(() => Village)
export class VillageEventsResolver {
  @FieldResolver(() => [EventView], {
    description: `The village's festivals, then its latest events (at most ${service.VILLAGE_PAGE_EVENTS} in all); the events query pages the rest.`,
  })
  async events(@Root() v: Village, @Ctx() ctx: Context): Promise<EventView[]> {
    return service.presentEvents(ctx, await service.eventLoaders(ctx).byVillage.load(v.id));
  }

  @FieldResolver(() => [EventView], { description: "The village's festivals and commemorations, by date." })
  async festivals(@Root() v: Village, @Ctx() ctx: Context): Promise<EventView[]> {
    const rows = await service.eventLoaders(ctx).byVillage.load(v.id);
    return service.presentEvents(
      ctx,
      rows.filter((r) => service.FESTIVAL_TYPES.includes(r.type)),
    );
  }
}

@Resolver(() => PersonView)
export class PersonEventsResolver {
  @FieldResolver(() => [EventView], { description: "Events of this person's life, earliest first (none for a private person)." })
  async events(@Root() p: PersonView, @Ctx() ctx: Context): Promise<EventView[]> {
    if (p.isPrivate) return [];
    return service.presentEvents(ctx, await service.eventLoaders(ctx).byPerson.load(p.rawId));
  }
}
