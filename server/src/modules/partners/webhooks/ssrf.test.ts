import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { DeliveryFailure, isPublicAddress, pinnedAddress, postPinned, type Resolver } from "./ssrf.js";

const TLS = new URL("../../../../../tests/fixtures/webhook-tls/", import.meta.url);
const cert = readFileSync(new URL("cert.pem", TLS), "utf8");
const key = readFileSync(new URL("key.pem", TLS), "utf8");

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "240.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:8.8.8.8",
    "2002:7f00:1::",
    "2001::1",
    "64:ff9b::a00:1",
    "not an address",
  ])("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111"])("accepts %s", (address) => expect(isPublicAddress(address)).toBe(true));
});

describe("pinnedAddress", () => {
  const answering =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("resolves a name once and keeps its first public answer", async () => {
    const url = new URL("https://hooks.partner.example/in");
    await expect(pinnedAddress(url, { resolve: answering("93.184.216.34", "2606:4700:4700::1111") })).resolves.toEqual({
      address: "93.184.216.34",
      family: 4,
    });
  });

  it.each([
    ["a private answer", answering("10.0.0.5")],
    ["a loopback answer among public ones", answering("93.184.216.34", "127.0.0.1")],
    ["an IPv4-mapped answer", answering("::ffff:10.0.0.5")],
    ["the cloud metadata address", answering("169.254.169.254")],
    ["no answer", answering()],
  ])("refuses %s", async (_what, resolve) => {
    await expect(pinnedAddress(new URL("https://hooks.partner.example/in"), { resolve })).rejects.toBeInstanceOf(DeliveryFailure);
  });

  it("refuses http and private literals without asking the resolver", async () => {
    let asked = 0;
    const resolve: Resolver = async () => {
      asked++;
      return [{ address: "93.184.216.34", family: 4 }];
    };
    await expect(pinnedAddress(new URL("http://hooks.partner.example/in"), { resolve })).rejects.toThrow("not https");
    await expect(pinnedAddress(new URL("https://[::1]/in"), { resolve })).rejects.toThrow("address not public");
    await expect(pinnedAddress(new URL("https://0x7f.1/in"), { resolve })).rejects.toThrow("address not public");
    expect(asked).toBe(0);
  });
});

describe("postPinned", () => {
  let server: Server;
  let port: number;
  const seen: { host?: string; servername?: string; body: string }[] = [];
  let answer = 204;

  beforeAll(async () => {
    server = createServer({ cert, key }, (req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        seen.push({ host: req.headers.host, servername: (req.socket as { servername?: string }).servername, body });
        if (answer === 302) res.writeHead(302, { location: "https://169.254.169.254/" }).end();
        else if (answer === 0)
          return; // never answers
        else res.writeHead(answer).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("connects to the address resolved once, however the name resolves afterwards (no rebinding)", async () => {
    const answers = ["127.0.0.1", "10.9.9.9"];
    let asked = 0;
    const resolve: Resolver = async () => [{ address: answers[asked++] ?? "10.9.9.9", family: 4 }];
    answer = 204;
    const out = await postPinned(
      new URL(`https://hooks.partner.test:${port}/in`),
      '{"a":1}',
      {},
      { resolve, allow: ["127.0.0.1"], ca: cert },
    );
    expect(out.status).toBe(204);
    expect(asked).toBe(1);
    // Host and SNI keep the name; the connection went to the pinned loopback address.
    expect(seen.at(-1)).toEqual({ host: `hooks.partner.test:${port}`, servername: "hooks.partner.test", body: '{"a":1}' });
  });

  it("refuses a private address unless the test allow-list names it", async () => {
    await expect(postPinned(new URL(`https://127.0.0.1:${port}/in`), "{}", {}, { ca: cert })).rejects.toThrow("address not public");
  });

  it("does not follow a redirect, and says so", async () => {
    answer = 302;
    await expect(postPinned(new URL(`https://127.0.0.1:${port}/in`), "{}", {}, { allow: ["127.0.0.1"], ca: cert })).rejects.toMatchObject({
      message: "redirect refused",
      status: 302,
    });
  });

  it("reports the receiver's error status", async () => {
    answer = 500;
    await expect(postPinned(new URL(`https://127.0.0.1:${port}/in`), "{}", {}, { allow: ["127.0.0.1"], ca: cert })).rejects.toMatchObject({
      status: 500,
    });
  });

  it("gives up on a receiver that does not answer in time", async () => {
    answer = 0;
    await expect(
      postPinned(new URL(`https://127.0.0.1:${port}/in`), "{}", {}, { allow: ["127.0.0.1"], ca: cert, timeoutMs: 300 }),
    ).rejects.toThrow("timed out");
  });

  it("refuses a certificate it cannot verify", async () => {
    answer = 204;
    await expect(postPinned(new URL(`https://127.0.0.1:${port}/in`), "{}", {}, { allow: ["127.0.0.1"] })).rejects.toThrow(
      /connection failed/,
    );
  });
});
