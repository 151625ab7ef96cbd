/**
 * The time business rules read (token expiry, rate-limit windows, retention windows, when a
 * scheduled job is due). Services take it from the context instead of calling `Date.now()`, so
 * tests can move time on (TestClock) and run what falls due (tests/support/clock.ts).
 */
export interface Clock {
  now(): Date;
}

/** The machine's time. */
export const systemClock: Clock = { now: () => new Date() };

/** Milliseconds since the epoch on `clock` (a shorthand for `clock.now().getTime()`). */
export const nowMs = (clock: Clock): number => clock.now().getTime();

/**
 * A clock that stands still until a test moves it: `advance(ms)` or `set(date)`. It starts at the
 * real time of its creation, so rows it stamps sit beside rows PostgreSQL's now() stamps.
 */
export class TestClock implements Clock {
  private at: number;

  constructor(start: Date = new Date()) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): Date {
    if (!(ms >= 0)) throw new Error("TestClock only moves forward");
    this.at += ms;
    return this.now();
  }

  set(date: Date): void {
    if (date.getTime() < this.at) throw new Error("TestClock only moves forward");
    this.at = date.getTime();
  }
}
