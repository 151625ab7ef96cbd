import { useRef } from "react";

/**
 * An idempotency key for a money form: the same while the request stays the same (a retry after a
 * lost answer gets the first result, not a second payment), a new one once the request changes or
 * succeeded (`done()`).
 */
export function useIdempotencyKey(request: string): { key: string; done: () => void } {
  const ref = useRef<{ request: string; key: string } | null>(null);
  if (!ref.current || ref.current.request !== request) ref.current = { request, key: crypto.randomUUID() };
  return {
    key: ref.current.key,
    done: () => {
      ref.current = null;
    },
  };
}
