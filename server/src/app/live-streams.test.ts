import { describe, expect, it } from "@jest/globals";
import type { ExecutionResult } from "graphql";
import type { WebSocket } from "ws";
import { systemClock } from "../common/clock.js";
import { createEventBus } from "../common/event-bus.js";
import type { FlagSource } from "../common/flags.js";
import { BEHIND_CLOSE, LIVE_QUEUE_BEHIND, LiveStreams } from "./live-streams.js";

const flags = { isOn: () => true, onChange: () => () => undefined } as unknown as FlagSource;
const viewer = { userId: null, roles: [] } as never;
const tick = () => new Promise((r) => setImmediate(r));

/** A socket stand-in: what it was closed with, and whether it holds unsent bytes (its reader stopped). */
function fakeSocket(bufferedAmount: number) {
  const closes: [number, string][] = [];
  const socket = { bufferedAmount, close: (code: number, reason: string) => closes.push([code, reason]), once: () => undefined };
  return { socket: socket as unknown as WebSocket, closes };
}

/** A source of `n` results, each given as soon as asked for; `returned` once it was ended. */
function source(n: number) {
  const state = { given: 0, returned: false };
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    next: async () => (state.given < n ? { done: false, value: { data: { n: ++state.given } } } : new Promise<never>(() => undefined)),
    return: async () => ((state.returned = true), { done: true, value: undefined }),
    [Symbol.asyncIterator]: () => iterator,
  };
  return { iterator, state };
}

describe("LiveStreams.watch", () => {
  it("pulls the source while the socket is busy and hands the results on in order", async () => {
    const streams = new LiveStreams({ bus: createEventBus(), flags, clock: systemClock });
    const { socket, closes } = fakeSocket(0);
    const src = source(10);
    const it = streams.watch(socket, viewer, [], src.iterator);
    for (let i = 0; i < 20; i++) await tick();
    expect(src.state.given).toBe(10);
    const got = [];
    for (let i = 0; i < 10; i++) got.push(((await it.next()).value as ExecutionResult).data?.n);
    expect(got).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(closes).toEqual([]);
    await it.return!();
    expect(src.state.returned).toBe(true);
    await streams.close();
  });

  it("closes a socket that holds unsent bytes with 1013 once its queue passes the limit, and ends the source", async () => {
    const streams = new LiveStreams({ bus: createEventBus(), flags, clock: systemClock });
    const { socket, closes } = fakeSocket(64 * 1024);
    const src = source(LIVE_QUEUE_BEHIND + 50);
    const it = streams.watch(socket, viewer, [], src.iterator);
    for (let i = 0; i < 20 && !closes.length; i++) await tick();
    expect(closes).toEqual([[BEHIND_CLOSE, "errors.live_behind"]]);
    expect(src.state.given).toBe(LIVE_QUEUE_BEHIND + 1);
    expect(src.state.returned).toBe(true);
    expect(await it.next()).toEqual({ done: true, value: undefined });
    await streams.close();
  });

  it("keeps only the newest results of a stream whose results supersede each other, and never closes it", async () => {
    const streams = new LiveStreams({ bus: createEventBus(), flags, clock: systemClock });
    const { socket, closes } = fakeSocket(64 * 1024);
    const src = source(LIVE_QUEUE_BEHIND * 2);
    const it = streams.watch(socket, viewer, [], src.iterator, { keepNewest: 4 });
    for (let i = 0; i < 40 && src.state.given < LIVE_QUEUE_BEHIND * 2; i++) await tick();
    expect(src.state.given).toBe(LIVE_QUEUE_BEHIND * 2);
    const got = [];
    for (let i = 0; i < 4; i++) got.push(((await it.next()).value as ExecutionResult).data?.n);
    expect(got).toEqual([509, 510, 511, 512]);
    expect(closes).toEqual([]);
    await it.return!();
    await streams.close();
  });
});
