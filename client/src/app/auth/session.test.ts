import { parse, print } from "graphql";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RefreshSessionDocument } from "../../gql/graphql";
import { backoffDelay, fetchWithRetry } from "../../lib/retry";
import {
  CHECK_EVERY_MS,
  hasSessionHint,
  REFRESH_AHEAD_MS,
  REFRESH_QUERY,
  refreshDue,
  refreshSession,
  session,
  startRefreshScheduler,
} from "./session";
import { authRedirectTarget } from "./Guards";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.apply(null);
});

const viewer = {
  id: "VXNlcjox",
  displayName: "Maya",
  email: null,
  phone: null,
  preferredLanguage: "en",
  digits: "latn",
  villageOfOrigin: null,
  roles: ["MEMBER" as const],
  mainRole: "MEMBER" as const,
  can: {
    accessManagement: false,
    accessAdmin: false,
    manageRoles: false,
    readOutbox: false,
    handleDocumentRequests: false,
    reviewPartnerApps: false,
  },
};

describe("refresh scheduling (spec §9)", () => {
  it("refreshes when 90 s or less remain, checking every 30 s", () => {
    expect(REFRESH_AHEAD_MS).toBe(90_000);
    expect(CHECK_EVERY_MS).toBe(30_000);
    const now = 1_000_000;
    expect(refreshDue(now + 91_000, now)).toBe(false);
    expect(refreshDue(now + 90_000, now)).toBe(true);
    expect(refreshDue(now - 1, now)).toBe(true);
    expect(refreshDue(null, now)).toBe(false);
  });

  it("the scheduler calls the server only once the token is due", async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: {
              refreshSession: {
                signedIn: true,
                accessToken: "t2",
                accessTokenExpiresAt: new Date(Date.now() + 900_000).toISOString(),
                returnTo: null,
                notices: [],
                viewer,
              },
            },
          }),
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const start = Date.now();
    session.apply({ signedIn: true, accessToken: "t1", accessTokenExpiresAt: new Date(start + 150_000).toISOString(), viewer });
    const stop = startRefreshScheduler();
    await vi.advanceTimersByTimeAsync(30_000); // 120 s left
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000); // 90 s left: due
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.accessToken).toBe("t2");
    stop();
  });
});

describe("retries (spec §8, §9)", () => {
  it("back off from 200 ms, doubling", () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a))).toEqual([200, 400, 800, 1600]);
  });

  it("retry 502, 503 and 504 and network failures, not other errors", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const answers = [
      new Response("", { status: 502 }),
      new Response("", { status: 503 }),
      new Response("", { status: 504 }),
      new Response("ok", { status: 200 }),
    ];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answers.shift()!),
    );
    const res = await fetchWithRetry("/graphql", {}, { sleep });
    expect(res.status).toBe(200);
    expect(waits).toEqual([200, 400, 800]);

    const flaky = [() => Promise.reject(new TypeError("offline")), () => Promise.resolve(new Response("", { status: 400 }))];
    vi.stubGlobal(
      "fetch",
      vi.fn(() => flaky.shift()!()),
    );
    waits.length = 0;
    expect((await fetchWithRetry("/graphql", {}, { sleep })).status).toBe(400);
    expect(waits).toEqual([200]);
  });

  it("give up after the last retry", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 503 })),
    );
    const res = await fetchWithRetry("/graphql", {}, { retries: 2, sleep: async () => undefined });
    expect(res.status).toBe(503);
  });
});

describe("the refresh request", () => {
  it("is the RefreshSession operation of auth.graphql", () => {
    const norm = (src: string) =>
      parse(src)
        .definitions.map((d) => print(d))
        .sort();
    expect(norm(REFRESH_QUERY)).toEqual(norm(print(RefreshSessionDocument)));
  });
});

describe("the session hint (someone signed in on this browser)", () => {
  const answer = (body: object) =>
    vi.fn(async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }));
  afterEach(() => {
    document.cookie = "roots_session_hint=; Path=/; Max-Age=0";
  });

  it("is read from the cookie the server sets beside the refresh cookie", () => {
    expect(hasSessionHint()).toBe(false);
    document.cookie = "roots_session_hint=1; Path=/";
    expect(hasSessionHint()).toBe(true);
  });

  it("is forgotten when the server says no one is signed in", async () => {
    document.cookie = "roots_session_hint=1; Path=/";
    vi.stubGlobal("fetch", answer({ errors: [{ message: "Your session has ended.", extensions: { code: "UNAUTHENTICATED" } }] }));
    expect(await refreshSession()).toBe(false);
    expect(hasSessionHint()).toBe(false);
    expect(session.getState()).toEqual({ status: "signedOut", reason: "Your session has ended." });
  });

  it("is kept, and a member stays signed in, when the server is too busy to say", async () => {
    document.cookie = "roots_session_hint=1; Path=/";
    session.apply({ signedIn: true, accessToken: "t1", accessTokenExpiresAt: new Date(Date.now() + 60_000).toISOString(), viewer });
    vi.stubGlobal(
      "fetch",
      answer({ errors: [{ message: "The site is very busy right now.", extensions: { code: "SERVICE_UNAVAILABLE" } }] }),
    );
    expect(await refreshSession()).toBe(true);
    expect(hasSessionHint()).toBe(true);
    expect(session.getState().status).toBe("signedIn");
  });
});

describe("guards use the safe-redirect check", () => {
  it("send visitors to /auth with returnTo only for safe targets", () => {
    expect(authRedirectTarget("/settings?tab=sessions")).toBe("/auth?returnTo=%2Fsettings%3Ftab%3Dsessions");
    expect(authRedirectTarget("//evil.example/x")).toBe("/auth");
    expect(authRedirectTarget("/x?next=javascript:alert(1)")).toBe("/auth");
  });
});
