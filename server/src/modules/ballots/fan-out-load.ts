/**
 * How long this instance's last live-tally fan-out took, from the event's arrival to its last
 * subscriber (the requests let in between its chunks included): written by the tally feed, read
 * by the batching, which lengthens its window while fan-outs are slow (tally.ts).
 */
let lastFanOutMs = 0;

export const noteFanOut = (ms: number): void => void (lastFanOutMs = ms);

export const fanOutMs = (): number => lastFanOutMs;
