import { GraphQLError, type ExecutionResult } from "graphql";
import type { WebSocket } from "ws";
import type { Viewer } from "../common/auth/viewer.js";
import type { Clock } from "../common/clock.js";
import type { EventBus } from "../common/event-bus.js";
import { areaDisabled, type FlagSource } from "../common/flags.js";
import { logger } from "../common/logger.js";

/** graphql-ws's Forbidden: the socket's session ended (signed out, revoked, password changed, expired). */
export const SESSION_ENDED_CLOSE = 4403;
const SESSION_ENDED_REASON = "errors.session_revoked";
/** Try Again Later: the socket's reader fell behind its streams (see `watch`); the client reconnects. */
export const BEHIND_CLOSE = 1013;
const BEHIND_REASON = "errors.live_behind";
/** Results one stream may have waiting while its socket holds unsent bytes (its reader stopped reading). */
export const LIVE_QUEUE_BEHIND = 256;
/** Results one stream may have waiting at all (a bus subscription itself threw past 1,024). */
export const LIVE_QUEUE_MAX = 1024;

/**
 * How long an instance remembers a revoked session: an operation whose session was read just
 * before the revocation (its lookup still in flight when the news came) is refused when it starts.
 */
const REMEMBER_REVOKED_MS = 5 * 60_000;

/** A subscription's last result when its part of the site is switched off (translated by the socket's onNext). */
function areaDisabledResult(): ExecutionResult {
  const err = areaDisabled();
  return { errors: [new GraphQLError(err.message, { originalError: err })] };
}

interface Stream {
  socket: WebSocket;
  viewer: Viewer;
  /** The feature flags the operation's fields need. */
  flags: readonly string[];
  /** Ends the stream with this last result (the translated reason), then completes it. */
  end(last: ExecutionResult | null): void;
}

/**
 * The live WebSocket streams of this instance, held to the session and the feature flags they
 * were opened with, without a database query per event:
 * - a revoked session (SESSIONS_ENDED on the bus, from any instance) closes its sockets with 4403
 *   at once, and an operation starting on it afterwards is refused the same way;
 * - an access token that expires while its socket is open does not end its streams (the member's
 *   session still lives: the browser refreshes it); closing at its next event lost that event for
 *   the page (a ballot's close, seen live), since a stream does not replay what it missed. An
 *   operation starting after the expiry is refused, and a revocation always ends them;
 * - a feature flag switched off (FEATURE_FLAG_CHANGED, reloaded at once) ends the subscriptions
 *   that need it with the translated reason; each event checks the flags again before it leaves.
 */
export class LiveStreams {
  private readonly socketsOf = new Map<string, Set<WebSocket>>();
  private readonly revoked = new Map<string, number>();
  private readonly streams = new Set<Stream>();
  private readonly stopFlags: () => void;
  private readonly endedSessions: AsyncIterator<unknown>;

  constructor(private readonly deps: { bus: EventBus; flags: FlagSource; clock: Clock }) {
    const ended = deps.bus.subscribe("SESSIONS_ENDED");
    this.endedSessions = ended;
    void (async () => {
      for await (const { sessionIds } of ended) this.sessionsEnded(sessionIds);
    })();
    this.stopFlags = deps.flags.onChange(() => this.flagsChanged());
  }

  /** Whether an operation may start on this socket with this viewer; when not, the socket is closed. */
  admit(socket: WebSocket, viewer: Viewer): boolean {
    const session = viewer.sessionId;
    if (!session) return true;
    if (this.isRevoked(session) || this.expired(viewer)) {
      socket.close(SESSION_ENDED_CLOSE, SESSION_ENDED_REASON);
      return false;
    }
    let sockets = this.socketsOf.get(session);
    if (!sockets) this.socketsOf.set(session, (sockets = new Set()));
    if (!sockets.has(socket)) {
      sockets.add(socket);
      socket.once("close", () => {
        sockets.delete(socket);
        if (!sockets.size && this.socketsOf.get(session) === sockets) this.socketsOf.delete(session);
      });
    }
    return true;
  }

  /**
   * The subscription's results as they may still be delivered: checked on each event (session,
   * expiry, flags; all in memory), and ended from outside by a revocation or a flag switched off.
   *
   * The source is pulled as soon as it has an event, into a queue of this stream's own, whether or
   * not the socket has taken the ones before: a bus subscription left unread holds its events
   * itself, and past 1,024 it throws inside the bus's listener, where every other subscriber of
   * the topic after it loses the event. The queue is bounded instead:
   * - `keepNewest` (a result that supersedes the ones before, as a tally does): only the newest
   *   that many wait, the older are dropped;
   * - otherwise, more than LIVE_QUEUE_BEHIND waiting while the socket holds unsent bytes (its reader
   *   has stopped reading), or more than LIVE_QUEUE_MAX in any case, closes the socket with 1013
   *   (try again later): the client reconnects and reads afresh what it missed.
   */
  watch(
    socket: WebSocket,
    viewer: Viewer,
    flags: readonly string[],
    source: AsyncIterable<ExecutionResult>,
    opts: { keepNewest?: number } = {},
  ): AsyncIterableIterator<ExecutionResult> {
    const inner = source[Symbol.asyncIterator]();
    const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };
    let finished = false;
    /** Set when the stream is ended from outside: the last result to send (the reason), or null for none. */
    let ending: ExecutionResult | null | undefined;
    /** What the source gave and the socket has not taken yet, oldest first. */
    const queue: ExecutionResult[] = [];
    /** The source's own end: done, or the error it threw (given after what is queued). */
    let sourceEnd = null as { error?: unknown } | null;
    /** Wakes the consumer waiting for the queue, the source's end or an interruption (one promise per wait). */
    let wake = null as (() => void) | null;
    const stream: Stream = {
      socket,
      viewer,
      flags,
      end: (last) => {
        if (ending !== undefined || finished) return;
        ending = last;
        wake?.();
      },
    };
    this.streams.add(stream);
    const finish = (): IteratorReturnResult<undefined> => {
      if (finished) return DONE;
      finished = true;
      queue.length = 0;
      this.streams.delete(stream);
      wake?.();
      // The source (a bus subscription) may be waiting for an event: end it without waiting for one.
      void inner.return?.().catch((err: unknown) => logger.warn("A subscription's source did not end cleanly", { err: String(err) }));
      return DONE;
    };
    const overflowing = (): boolean => queue.length > LIVE_QUEUE_MAX || (queue.length > LIVE_QUEUE_BEHIND && socket.bufferedAmount > 0);
    void (async () => {
      try {
        while (!finished) {
          const got = await inner.next();
          if (finished) return;
          if (got.done) break;
          queue.push(got.value);
          if (opts.keepNewest !== undefined) {
            if (queue.length > opts.keepNewest) queue.splice(0, queue.length - opts.keepNewest);
          } else if (overflowing()) {
            logger.warn("A live stream's reader fell behind: its socket is closed (1013)", { queued: queue.length });
            socket.close(BEHIND_CLOSE, BEHIND_REASON);
            finish();
            return;
          }
          wake?.();
        }
        sourceEnd = {};
      } catch (error) {
        sourceEnd = { error };
      }
      wake?.();
    })();
    /** Checked as each event leaves: the session closes the socket, a switched-off flag ends with its reason. */
    const refusal = (): ExecutionResult | null | undefined => {
      if (!this.sessionLive(viewer)) {
        socket.close(SESSION_ENDED_CLOSE, SESSION_ENDED_REASON);
        return null;
      }
      return flags.some((flag) => !this.deps.flags.isOn(flag)) ? areaDisabledResult() : undefined;
    };
    const endWith = (last: ExecutionResult | null | undefined): IteratorResult<ExecutionResult> => {
      finish();
      return last ? { done: false, value: last } : DONE;
    };
    const generator: AsyncIterableIterator<ExecutionResult> = {
      async next() {
        for (;;) {
          if (finished) return DONE;
          if (ending !== undefined) return endWith(ending);
          const value = queue.shift();
          if (value) {
            const refused = refusal();
            return refused === undefined ? { done: false, value } : endWith(refused);
          }
          if (sourceEnd) {
            const { error } = sourceEnd;
            finish();
            if (error !== undefined) throw error;
            return DONE;
          }
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      },
      return: async () => finish(),
      throw: async (err: unknown) => {
        finish();
        throw err;
      },
      [Symbol.asyncIterator]() {
        return generator;
      },
    };
    return generator;
  }

  async close(): Promise<void> {
    this.stopFlags();
    await this.endedSessions.return?.();
  }

  private sessionLive(viewer: Viewer): boolean {
    return !viewer.sessionId || !this.isRevoked(viewer.sessionId);
  }

  private expired(viewer: Viewer): boolean {
    return viewer.sessionExpiresAt !== undefined && this.deps.clock.now() >= viewer.sessionExpiresAt;
  }

  private isRevoked(sessionId: string): boolean {
    const at = this.revoked.get(sessionId);
    return at !== undefined && Date.now() - at < REMEMBER_REVOKED_MS;
  }

  private sessionsEnded(sessionIds: readonly string[]): void {
    const now = Date.now();
    for (const [id, at] of this.revoked) if (now - at >= REMEMBER_REVOKED_MS) this.revoked.delete(id);
    for (const id of sessionIds) {
      this.revoked.set(id, now);
      for (const socket of this.socketsOf.get(id) ?? []) socket.close(SESSION_ENDED_CLOSE, SESSION_ENDED_REASON);
      this.socketsOf.delete(id);
    }
    for (const stream of this.streams) if (stream.viewer.sessionId && sessionIds.includes(stream.viewer.sessionId)) stream.end(null);
  }

  private flagsChanged(): void {
    for (const stream of this.streams) {
      if (stream.flags.some((flag) => !this.deps.flags.isOn(flag))) stream.end(areaDisabledResult());
    }
  }
}
