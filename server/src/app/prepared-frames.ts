import { WebSocket } from "ws";

/**
 * A subscription result serialised once, however many sockets it goes to (a tally update to
 * thousands of subscribers): graphql-ws frames each result as `{"id":…,"type":"next","payload":…}`
 * for each subscriber, and would serialise the payload again every time. Returned by the
 * socket's onNext, it serialises as a marker instead (toJSON), and PreparedFrameSocket writes the
 * prepared bytes in the marker's place: per subscriber only its own envelope (the operation's id)
 * is made, the payload's bytes are shared.
 */
export class PreparedResult {
  readonly bytes: Buffer;

  constructor(json: string) {
    this.bytes = Buffer.from(json);
  }

  toJSON(): string {
    // graphql-ws serialises a message and hands it to the socket in one synchronous step.
    return marked(this);
  }
}

const MARK = "\u0000roots:prepared-result";
/** How a message whose payload is a PreparedResult ends once serialised (the payload is the message's last key). */
const MARKED_END = `${JSON.stringify(MARK)}}`;
const CLOSE = Buffer.from("}");
/** The PreparedResult serialised last, for the send that follows it. */
let serialising: PreparedResult | null = null;
const marked = (prepared: PreparedResult): string => {
  serialising = prepared;
  return MARK;
};

type SendOptions = Exclude<Parameters<WebSocket["send"]>[1], ((err?: Error) => void) | undefined>;
type SendCallback = (err?: Error) => void;

/** A WebSocket whose messages carrying a PreparedResult are written as its prepared bytes in their envelope. */
export class PreparedFrameSocket extends WebSocket {
  override send(data: Parameters<WebSocket["send"]>[0], options?: SendOptions | SendCallback, cb?: SendCallback): void {
    const prepared = serialising;
    serialising = null;
    if (typeof options === "function") [cb, options] = [options, {}];
    if (prepared && typeof data === "string" && data.endsWith(MARKED_END)) {
      const envelope = Buffer.from(data.slice(0, data.length - MARKED_END.length));
      // A text frame still (ws would send a Buffer as binary).
      return super.send(Buffer.concat([envelope, prepared.bytes, CLOSE]), { ...options, binary: false }, cb);
    }
    super.send(data, options ?? {}, cb);
  }
}
