import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";

/** Sets (or, empty, removes) one parameter of the address, in place of the current entry; the others stay. */
export function useReplaceParam(): (key: string, value: string) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (key: string, value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}

/**
 * A text field kept in the address (`?key=`), so that what it holds can be shared and survives a
 * reload. The field has its own state and writes the address as it changes: React Router updates
 * the address in a transition, a moment later, and a field bound to the address alone snaps back
 * in between (losing what is typed meanwhile on a slow phone). When the address changes by itself
 * (back, forward, a link), the field takes the new value.
 */
export function useSearchParamText(key: string): [string, (value: string) => void] {
  const [params] = useSearchParams();
  const replaceParam = useReplaceParam();
  const inAddress = params.get(key) ?? "";
  const [text, setText] = useState(inAddress);
  // What this field wrote and the address has not shown yet, oldest first.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const ours = pending.current.lastIndexOf(inAddress);
    if (ours >= 0) pending.current.splice(0, ours + 1);
    else {
      pending.current = [];
      setText(inAddress);
    }
  }, [inAddress]);
  const change = useCallback(
    (value: string) => {
      setText(value);
      pending.current.push(value);
      replaceParam(key, value);
    },
    [key, replaceParam],
  );
  return [text, change];
}
