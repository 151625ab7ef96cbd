import { lookup } from "node:dns/promises";
import https from "node:https";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Every address a name resolves to (injected by tests). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** Why a webhook was not sent (or not accepted); `status` when the receiver answered. */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Whether a webhook may go to this address: public unicast only. Loopback, private, link-local,
 * carrier-grade NAT, multicast, reserved, unique-local, IPv4-mapped and the IPv6 ranges that
 * carry an IPv4 address (6to4, Teredo, NAT64) are all refused (ipaddr.js `range()`).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === "unicast";
}

export interface GuardOptions {
  resolve?: Resolver;
  /** Addresses allowed although not public (WEBHOOK_TEST_ALLOW: tests only). */
  allow?: readonly string[];
  /** A CA certificate to trust beside the system's (WEBHOOK_TEST_CA: tests only). */
  ca?: string;
  timeoutMs?: number;
}

/**
 * The one address a delivery connects to: the URL's name resolved once, every answer checked
 * (one private answer refuses the URL, so a name that mixes public and private answers cannot
 * be used to reach inside).
 */
export async function pinnedAddress(url: URL, opts: GuardOptions = {}): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== "https:") throw new DeliveryFailure("not https");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await (opts.resolve ?? systemResolver)(host).catch(() => []);
  if (answers.length === 0) throw new DeliveryFailure("name not resolved");
  const allowed = new Set(opts.allow ?? []);
  for (const a of answers) if (!isPublicAddress(a.address) && !allowed.has(a.address)) throw new DeliveryFailure("address not public");
  const [first] = answers;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * POSTs a webhook to its pinned address (`node:https` with a lookup that returns it, so a second
 * resolution cannot move the connection; Host and SNI keep the name). No redirects: a 3xx is a
 * failure. The whole exchange has `timeoutMs` (5 s); the answer's body is read and dropped (64 KiB at most).
 */
export async function postPinned(
  url: URL,
  body: string,
  headers: Record<string, string>,
  opts: GuardOptions = {},
): Promise<{ status: number }> {
  const pinned = await pinnedAddress(url, opts);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        method: "POST",
        host,
        port: url.port || 443,
        path: `${url.pathname}${url.search}`,
        servername: isIP(host) ? undefined : host,
        agent: false,
        ca: opts.ca ? [opts.ca] : undefined,
        headers: { ...headers, host: url.host, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
        lookup: (_name, options, cb) => {
          // Node asks for every address when it may try several (autoSelectFamily): give it the one.
          if ((options as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        },
      },
      (res) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > 65_536) res.destroy();
        });
        res.on("close", () => {
          clearTimeout(timer);
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ status });
          else reject(new DeliveryFailure(status >= 300 && status < 400 ? "redirect refused" : `answered ${status}`, status));
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new DeliveryFailure("timed out")), opts.timeoutMs ?? 5000);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(
        err instanceof DeliveryFailure
          ? err
          : new DeliveryFailure(`connection failed: ${(err as NodeJS.ErrnoException).code ?? err.message}`.slice(0, 200)),
      );
    });
    req.end(body);
  });
}
