import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem, problemText } from "../../../lib/apiErrors";
import { useRootpediaPreviewLazyQuery } from "../generated";

/** A pause after the member's last key before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 900;
/**
 * The least time between two previews: the server counts a member's previews (20 a minute by
 * default, ROOTPEDIA_PREVIEWS_PER_MINUTE), and this keeps a member typing all along under it.
 */
export const PREVIEW_MIN_INTERVAL_MS = 3100;

export interface LivePreview {
  /** The newest preview's HTML, as the server rendered and sanitised it. */
  html: string | null;
  /** Why the newest text cannot be shown (the same refusal a save would get), in the reader's language. */
  problem: string | null;
  /** A preview of newer text is on its way. */
  updating: boolean;
  /** The server asked to wait (its per-minute count is reached): the preview comes back by itself. */
  paused: boolean;
}

/**
 * The editor's live preview: the server's render of the text (`rootpediaPreview`, the same
 * checks as a save), asked for once the member stops typing and only while the preview is in view,
 * never twice for the same text and never faster than the server's count allows; past its
 * count, it waits the time the server says, then asks again.
 */
export function useLivePreview(content: string, language: string, active: boolean): LivePreview {
  const { t } = useTranslation();
  const [run] = useRootpediaPreviewLazyQuery({ fetchPolicy: "no-cache" });
  const [state, setState] = useState<LivePreview & { for: string | null }>({
    html: null,
    problem: null,
    updating: false,
    paused: false,
    for: null,
  });
  const last = useRef({ at: 0, pausedUntil: 0, asked: null as string | null });
  // A pause ended: look again.
  const [wake, setWake] = useState(0);
  useEffect(() => {
    if (!active || `${language}\u0000${content}` === last.current.asked) return;
    if (!content.trim()) {
      last.current.asked = `${language}\u0000${content}`;
      setState({ html: "", problem: null, updating: false, paused: false, for: content });
      return;
    }
    const now = Date.now();
    const wait = Math.max(PREVIEW_DEBOUNCE_MS, last.current.at + PREVIEW_MIN_INTERVAL_MS - now, last.current.pausedUntil - now);
    const timer = setTimeout(() => {
      last.current.asked = `${language}\u0000${content}`;
      last.current.at = Date.now();
      setState((s) => ({ ...s, updating: true }));
      const failed = (err: unknown) => {
        const retry = CombinedGraphQLErrors.is(err) ? Number(err.errors[0]?.extensions?.retryAfterSeconds ?? 0) : 0;
        const problem = apiProblem(err, t("errors.network"));
        if (problem?.code === "RATE_LIMITED") {
          // Not shown yet: asked again once the server's wait is over.
          last.current.asked = null;
          last.current.pausedUntil = Date.now() + Math.max(retry, 5) * 1000;
          setState((s) => ({ ...s, updating: false, paused: true }));
          setTimeout(() => setWake((n) => n + 1), Math.max(retry, 5) * 1000);
          return;
        }
        if (!problem?.code) last.current.asked = null;
        setState((s) => ({ ...s, problem: problem && problemText(problem), updating: false, paused: false, for: content }));
      };
      // Apollo answers an error either way, by the result or by the promise.
      run({ variables: { content, language } }).then((res) => {
        if (res.error) failed(res.error);
        else setState({ html: res.data?.rootpediaPreview ?? "", problem: null, updating: false, paused: false, for: content });
      }, failed);
    }, wait);
    return () => clearTimeout(timer);
  }, [content, language, active, run, t, wake]);
  const stale = state.for !== content;
  return { html: state.html, problem: state.problem, updating: state.updating || (active && stale && !state.paused), paused: state.paused };
}
