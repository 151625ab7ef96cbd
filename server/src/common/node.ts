import { Field, ID, InterfaceType } from "type-graphql";

/**
 * Relay `Node`: every object a partner may fetch again by id. Implementations expose
 * a `globalId` getter; the schema calls it `id`.
 */
@InterfaceType("Node", { description: "An object with an opaque, stable global id." })
export abstract class Node {
  // Never a simple resolver: the schema field `id` reads the `globalId` getter.
  @Field(() => ID, { name: "id", simple: false, description: "Opaque global id; stable across releases." })
  globalId: string;
}

/** How `node(id)` loads a type: registered by each area through its index.ts. */
export type NodeLoader<Ctx> = (ctx: Ctx, rawId: string) => Promise<object | null>;
