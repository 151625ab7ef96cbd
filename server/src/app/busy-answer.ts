import type { ApolloServerPlugin } from "@apollo/server";
import type { Response } from "express";
import { GraphQLError } from "graphql";
import { BUSY_RETRY_AFTER_SECONDS, serverBusy } from "../common/busy.js";
import { ErrorCode } from "../common/errors.js";
import { refuse } from "../common/http-refusal.js";

/** The HTTP head of a busy server's answer: 503 and how long to wait. */
const busyHead = () => ({ status: 503, headers: new Map([["retry-after", String(BUSY_RETRY_AFTER_SECONDS)]]) });

/**
 * A request whose context could not be made for the load (no database connection in time):
 * Apollo answers it with this error's HTTP head (503, Retry-After), and formatError words it
 * (SERVICE_UNAVAILABLE, translated).
 */
export const busyContextError = (cause: Error): GraphQLError =>
  new GraphQLError(cause.message, { originalError: cause, extensions: { http: busyHead() } });

/**
 * An operation some of whose fields failed for the load (formatError made them
 * SERVICE_UNAVAILABLE) is answered 503 with Retry-After, not 200: a client, a proxy or a load
 * balancer sees a busy server and tries again later, whatever the other fields held.
 */
export const busyStatusPlugin: ApolloServerPlugin = {
  requestDidStart: async () => ({
    willSendResponse: async ({ response }) => {
      const errors = response.body.kind === "single" ? response.body.singleResult.errors : response.body.initialResult.errors;
      if (!errors?.some((e) => e.extensions?.code === ErrorCode.SERVICE_UNAVAILABLE)) return;
      const head = busyHead();
      response.http.status = head.status;
      for (const [name, value] of head.headers) response.http.headers.set(name, value);
    },
  }),
};

/** An HTTP route's answer when the server is too busy: 503, Retry-After and the translated reason. */
export function answerBusy(res: Response): void {
  const busy = serverBusy();
  refuse(res.set("Retry-After", String(busy.retryAfterSeconds)), 503, busy.key);
}
