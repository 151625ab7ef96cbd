import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server speaking the Have I Been Pwned range protocol: GET /range/{5 hex}
 * answers `SUFFIX:COUNT` lines for the passwords it was given (plus padding lines).
 */
export async function startRangeApi(
  breached: Record<string, number>,
): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const table = Object.entries(breached).map(([pw, count]) => {
    const sha = createHash("sha1").update(pw).digest("hex").toUpperCase();
    return { prefix: sha.slice(0, 5), suffix: sha.slice(5), count };
  });
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const m = /^\/range\/([0-9A-F]{5})$/i.exec(req.url ?? "");
    if (!m) return void res.writeHead(400).end();
    const lines = table.filter((t) => t.prefix === m[1].toUpperCase()).map((t) => `${t.suffix}:${t.count}`);
    lines.push("0000000000000000000000000000000000A:0", "0018A45C4D1DEF81644B54AB7F969B88D65:3");
    res.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
