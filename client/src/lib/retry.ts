/** Gateway errors worth retrying (spec §8): the request may not have reached the server. */
export const RETRY_STATUSES = new Set([502, 503, 504]);

/** Backoff from 200 ms, doubling (spec §9): 200, 400, 800, 1600 … */
export const backoffDelay = (attempt: number, baseMs = 200): number => baseMs * 2 ** attempt;

export interface RetryOptions {
  retries?: number;
  baseMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** fetch that retries network failures and 502/503/504 with doubling delays. */
export async function fetchWithRetry(input: string, init: RequestInit, opts: RetryOptions = {}): Promise<Response> {
  const { retries = 4, baseMs = 200, sleep = (ms) => new Promise((r) => setTimeout(r, ms)) } = opts;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(input, init);
      if (!RETRY_STATUSES.has(res.status) || attempt >= retries) return res;
    } catch (err) {
      if (attempt >= retries) throw err;
    }
    await sleep(backoffDelay(attempt, baseMs));
  }
}
