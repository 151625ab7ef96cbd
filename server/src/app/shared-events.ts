import {
  createSourceEventStream,
  execute,
  getOperationAST,
  subscribe,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from "graphql";
import type { Context } from "../common/context.js";
import { NEWEST_ONLY, SHARED_EVENT } from "../common/event-bus.js";

type Results = Map<string, Promise<ExecutionResult>>;

/** Per event (the bus hands every subscriber of this instance the same payload object): the results, by what makes them differ. */
const resultsByEvent = new WeakMap<object, Results>();

/** The root field a subscription operation selects (graphql-ws allows exactly one). */
function rootField(args: Pick<ExecutionArgs, "document" | "operationName">): string | null {
  const op = getOperationAST(args.document, args.operationName);
  const sel = op?.operation === "subscription" ? op.selectionSet.selections[0] : undefined;
  return sel?.kind === "Field" ? sel.name.value : null;
}

/** How many of a subscription's results may wait when only the newest count (NEWEST_ONLY), or undefined. */
export function newestOnly(args: Pick<ExecutionArgs, "schema" | "document" | "operationName">): number | undefined {
  const field = rootField(args as ExecutionArgs);
  const n = field ? args.schema.getSubscriptionType()?.getFields()[field]?.extensions?.[NEWEST_ONLY] : undefined;
  return typeof n === "number" ? n : undefined;
}

const isShared = (schema: GraphQLSchema, field: string | null): boolean =>
  !!field && schema.getSubscriptionType()?.getFields()[field]?.extensions?.[SHARED_EVENT] === true;

/**
 * graphql-js's `subscribe`, except for fields marked SHARED_EVENT: each subscriber's source
 * stream is set up as usual (its checks run for it), and each event is executed once for every
 * subscriber whose operation text, operation name, variables, rootspace and language are the
 * same (`query` is the operation's text). They all get the same result object, so what follows
 * (the size check, graphql-ws's message) sees one object too.
 */
export async function sharedSubscribe(
  args: ExecutionArgs,
  query: string,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  if (!isShared(args.schema, rootField(args))) return subscribe(args);
  const source = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in source)) return source as ExecutionResult;
  const ctx = args.contextValue as Pick<Context, "rootspace" | "language">;
  const key = JSON.stringify([query, args.operationName ?? null, args.variableValues ?? null, ctx.rootspace?.id ?? null, ctx.language]);
  const run = (payload: unknown): Promise<ExecutionResult> => {
    if (payload === null || typeof payload !== "object") return Promise.resolve(execute({ ...args, rootValue: payload }));
    let results = resultsByEvent.get(payload);
    if (!results) resultsByEvent.set(payload, (results = new Map()));
    let result = results.get(key);
    if (!result) results.set(key, (result = Promise.resolve(execute({ ...args, rootValue: payload }))));
    return result;
  };
  return mapIterator(source as AsyncIterableIterator<unknown>, run);
}

/**
 * Each value of `source` through `map`, ending `source` at once on return() (not after its next
 * event, as an async generator would), as graphql-js's own mapping does.
 */
function mapIterator<T, U>(source: AsyncIterableIterator<T>, map: (value: T) => Promise<U>): AsyncIterableIterator<U> {
  const iterator = source[Symbol.asyncIterator]();
  const done = (): Promise<IteratorResult<U>> => Promise.resolve({ done: true, value: undefined });
  const step = async (r: IteratorResult<T>): Promise<IteratorResult<U>> => (r.done ? r : { done: false, value: await map(r.value) });
  return {
    next: () => iterator.next().then(step),
    return: () => (iterator.return ? iterator.return().then(step) : done()),
    throw: (err?: unknown) => (iterator.throw ? iterator.throw(err).then(step) : Promise.reject(err)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
