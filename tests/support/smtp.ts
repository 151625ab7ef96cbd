import { SMTPServer } from "smtp-server";

export interface TestSmtp {
  /** SMTP_URL for the server under test. */
  url: string;
  /** Messages accepted so far, raw (headers and MIME parts). */
  received: { to: string[]; raw: string }[];
  /** The next `n` messages are refused with a temporary error (451), as a busy server does. */
  refuseNext(n: number): void;
  stop(): Promise<void>;
}

/** A real SMTP server (smtp-server) on a free local port, without TLS or authentication. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: TestSmtp["received"] = [];
  let refuse = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refuse > 0) {
          refuse--;
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(err);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n) => void (refuse = n),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
