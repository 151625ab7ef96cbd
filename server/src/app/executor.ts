import type { GatewayExecutor, GatewayInterface } from "@apollo/server-gateway-interface";
import { execute, GraphQLError, printSchema, type DocumentNode, type ExecutionResult, type GraphQLSchema } from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

interface Seen {
  /** Per operation name: the compiled operation, or null when graphql-jit cannot compile it. */
  compiled: Map<string, CompiledQuery | null>;
  uses: number;
}

/**
 * graphql-jit's errors are shaped like graphql-js ones but may lack `extensions`, which Apollo
 * Server and our error presenter read; the same error as graphql-js would raise it.
 */
function asGraphQLError(e: GraphQLError): GraphQLError {
  const error = new GraphQLError(e.message, {
    path: e.path,
    originalError: e.originalError ?? undefined,
    extensions: e.extensions ?? undefined,
  });
  if (e.locations) Object.defineProperty(error, "locations", { value: e.locations, enumerable: true });
  return error;
}

/**
 * Runs operations compiled by graphql-jit. graphql-js walks the document for every field of
 * every row; a compiled operation is plain JavaScript, several times faster on long lists
 * (ancestors return hundreds of people; see bench/). An operation is compiled the second
 * time its document is seen, so one-off queries cost no compile; documents come from Apollo
 * Server's document store, so one text is one object and the compiled code goes when the
 * store drops the document. What graphql-jit does not take, and variables it refuses, run
 * through graphql-js, so callers get its exact answers and errors.
 */
export function jitExecutor(schema: GraphQLSchema): GatewayExecutor {
  const seen = new WeakMap<DocumentNode, Seen>();
  return async ({ document, operationName, request, context }) => {
    let entry = seen.get(document);
    if (!entry) seen.set(document, (entry = { compiled: new Map(), uses: 0 }));
    const key = operationName ?? "";
    let compiled = entry.compiled.get(key);
    if (compiled === undefined && ++entry.uses >= 2) {
      const made = compileQuery(schema, document, operationName ?? undefined);
      entry.compiled.set(key, (compiled = isCompiledQuery(made) ? made : null));
    }
    const viaJs = async (): Promise<ExecutionResult> =>
      execute({ schema, document, operationName, variableValues: request.variables, contextValue: context });
    if (!compiled) return viaJs();
    const result = (await compiled.query(undefined, context, request.variables ?? {})) as ExecutionResult;
    // No data at all: the variables were refused before anything ran; graphql-js words that.
    if (result.data === undefined) return viaJs();
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };
}

/**
 * Apollo Server 4+ takes a custom executor through its `gateway` option (the migration
 * guide's replacement for the removed `executor` option); this one serves a fixed schema.
 */
export function localGateway(schema: GraphQLSchema, executor: GatewayExecutor): GatewayInterface {
  return {
    load: async () => ({ executor }),
    onSchemaLoadOrUpdate: (callback) => {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    stop: async () => {},
  };
}
