/* eslint-disable @typescript-eslint/no-explicit-any -- raw graphql-ws messages are checked field by field below. */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Client } from "graphql-ws";
import { setImmediate as yieldToIo } from "node:timers/promises";
import WebSocket from "ws";
import { Role } from "../../server/src/common/auth/roles.js";
import { buildUser } from "../factories/users.js";
import { tokenFor } from "../support/ballots.js";
import { startTestServer, type TestServer } from "../support/server.js";

/**
 * A subscriber that stops reading its socket while events keep coming: the server keeps at most a
 * bounded queue of its results, then closes that socket with 1013 (try again later); a subscriber
 * that reads gets every event, and the server goes on serving.
 */
let server: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await server.stop();
});

const NOTIFICATIONS = `subscription { notificationAdded { id body } }`;
/** Events published while the slow reader reads nothing: well past what its socket's buffers and its queue hold. */
const EVENTS = 1500;
/** Each event's text: 32 KB, so the kernel's socket buffers fill after a few hundred. */
const FILE_NAME = "x".repeat(32 * 1024);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A graphql-ws client by hand (protocol graphql-transport-ws), whose socket can stop being read. */
async function rawSubscriber(token: string) {
  const socket = new WebSocket(server.wsUrl, "graphql-transport-ws");
  const messages: any[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on("message", (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve) => socket.once("open", resolve));
  socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}`, language: "en" } }));
  for (let i = 0; i < 100 && !messages.some((m) => m.type === "connection_ack"); i++) await sleep(20);
  socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: NOTIFICATIONS } }));
  return { socket, messages, closed, nexts: () => messages.filter((m) => m.type === "next") };
}

describe("a live subscriber that stops reading", () => {
  it("is closed with 1013 once its queue is full, while a reading subscriber gets every event", async () => {
    const user = await buildUser(server.ds, { roles: [{ role: Role.MEMBER }] });
    const token = await tokenFor(server, user.id);
    const publish = (n: number, fileName = "probe.ged") =>
      server.bus.publish("NOTIFICATION_ADDED", {
        id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
        userId: user.id,
        kind: "ingestion.import_ready",
        params: { importId: "ImportJob:1", kind: "gedcom", fileName, people: n },
        createdAt: new Date().toISOString(),
      });

    const fast = server.ws({ token });
    clients.push(fast);
    const got: any[] = [];
    fast.subscribe({ query: NOTIFICATIONS }, { next: (v) => got.push(v), error: (e) => got.push(e), complete: () => undefined });
    const slow = await rawSubscriber(token);
    // Both subscriptions are in place once a probe reaches them.
    for (let i = 0; i < 100 && (!got.length || !slow.nexts().length); i++) {
      publish(0);
      await sleep(100);
    }
    expect(got.length).toBeGreaterThan(0);
    expect(slow.nexts().length).toBeGreaterThan(0);
    await sleep(200);
    got.length = 0;
    slow.messages.length = 0;

    slow.socket.pause();
    for (let n = 1; n <= EVENTS; n++) {
      publish(n, FILE_NAME);
      if (n % 20 === 0) await yieldToIo();
    }
    for (let i = 0; i < 600 && got.length < EVENTS; i++) await sleep(100);
    // The reading subscriber got every event, in order, whole.
    expect(got.length).toBe(EVENTS);
    expect(got.map((r) => r.errors)).toEqual(Array(EVENTS).fill(undefined));
    expect(got.every((r) => r.data.notificationAdded.body.includes(FILE_NAME))).toBe(true);

    slow.socket.resume();
    const { code, reason } = await slow.closed;
    expect(code).toBe(1013);
    expect(reason).toBe("errors.live_behind");
    // What it reads is what was already on its way when it fell behind: far fewer than were published.
    expect(slow.nexts().length).toBeLessThan(EVENTS / 2);

    // The server goes on: a new connection subscribes and receives.
    const again = await rawSubscriber(token);
    for (let i = 0; i < 100 && !again.nexts().length; i++) {
      publish(EVENTS + 1);
      await sleep(100);
    }
    expect(again.nexts()[0].payload.data.notificationAdded.body).toContain("probe.ged");
    again.socket.close();
  }, 120_000);
});
