import { describe, expect, it } from "@jest/globals";
import { GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, type ExecutionResult } from "graphql";
import { SHARED_EVENT } from "../common/event-bus.js";
import { sharedSubscribe } from "./shared-events.js";

/** A source whose events are pushed by the test; `ended` tells whether it was returned. */
function source() {
  const waiting: ((r: IteratorResult<object>) => void)[] = [];
  const state = { ended: false };
  const iterator: AsyncIterableIterator<object> = {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    return: async () => {
      state.ended = true;
      for (const w of waiting.splice(0)) w({ done: true, value: undefined });
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return { iterator, state, push: (event: object) => waiting.splice(0).forEach((w) => w({ done: false, value: event })) };
}

function schemaWith(resolved: { n: number; subscribed: number }, events: ReturnType<typeof source>) {
  const field = (shared: boolean) => ({
    type: GraphQLString,
    args: { x: { type: GraphQLInt } },
    extensions: shared ? { [SHARED_EVENT]: true } : {},
    subscribe: () => {
      resolved.subscribed++;
      return events.iterator;
    },
    resolve: (event: { text: string }, args: { x?: number }) => {
      resolved.n++;
      return `${event.text}:${args.x ?? 0}`;
    },
  });
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: "Query", fields: { ok: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({ name: "Subscription", fields: { shared: field(true), own: field(false) } }),
  });
}

const ctx = (rootspace: string, language = "en") => ({ rootspace: { id: rootspace, slug: rootspace }, language });

describe("subscriptions executed once per event", () => {
  it("runs a shared field once per event for subscribers of the same operation, variables, rootspace and language, and each one's checks apart", async () => {
    const resolved = { n: 0, subscribed: 0 };
    const events = source();
    const schema = schemaWith(resolved, events);
    const text = "subscription ($x: Int) { shared(x: $x) }";
    const sub = (variables: Record<string, unknown>, context: object) =>
      sharedSubscribe({ schema, document: parse(text), variableValues: variables, contextValue: context }, text) as Promise<
        AsyncIterableIterator<ExecutionResult>
      >;
    const same = await Promise.all(Array.from({ length: 50 }, () => sub({ x: 1 }, ctx("lb"))));
    const others = [await sub({ x: 2 }, ctx("lb")), await sub({ x: 1 }, ctx("sy")), await sub({ x: 1 }, ctx("lb", "fr"))];
    // The field's subscribe (where its checks are) ran for every subscriber.
    expect(resolved.subscribed).toBe(53);
    const next = [...same, ...others].map((s) => s.next());
    events.push({ text: "tally" });
    const results = (await Promise.all(next)).map((r) => r.value as ExecutionResult);
    // One execution for the fifty, one for each subscriber that differs.
    expect(resolved.n).toBe(4);
    expect(new Set(results.slice(0, 50)).size).toBe(1);
    expect(results[0]).toEqual({ data: { shared: "tally:1" } });
    expect(results.slice(50).map((r) => r.data)).toEqual([{ shared: "tally:2" }, { shared: "tally:1" }, { shared: "tally:1" }]);
  });

  it("runs a field not marked shared once per subscriber, and ends the source at once when a subscriber leaves", async () => {
    const resolved = { n: 0, subscribed: 0 };
    const events = source();
    const schema = schemaWith(resolved, events);
    const text = "subscription { own }";
    const subs = (await Promise.all(
      [1, 2, 3].map(() => sharedSubscribe({ schema, document: parse(text), contextValue: ctx("lb") }, text)),
    )) as AsyncIterableIterator<ExecutionResult>[];
    const next = subs.map((s) => s.next());
    events.push({ text: "t" });
    await Promise.all(next);
    expect(resolved.n).toBe(3);
    const shared = (await sharedSubscribe(
      { schema, document: parse("subscription { shared }"), contextValue: ctx("lb") },
      "subscription { shared }",
    )) as AsyncIterableIterator<ExecutionResult>;
    const waiting = shared.next();
    // Returned while waiting for an event: the source ends now, not at its next event.
    await shared.return!();
    expect(events.state.ended).toBe(true);
    expect(await waiting).toEqual({ done: true, value: undefined });
  });
});
