import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { BallotCommentFieldsFragment, BallotCommentReaction } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { apiProblem, problemText } from "../../../lib/apiErrors";
import { formatDateTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { ReasonAction } from "../../../ui/ReasonAction";
import { useCommentOnBallotProposalMutation, useHideBallotCommentMutation, useReactToBallotCommentMutation } from "../generated";

type Comment = BallotCommentFieldsFragment;

/** The thread: each comment of the discussion followed by its replies, in order. */
export function threadsOf(comments: readonly Comment[]): { comment: Comment; replies: Comment[] }[] {
  const threads = comments.filter((c) => !c.replyTo).map((comment) => ({ comment, replies: [] as Comment[] }));
  const byId = new Map(threads.map((t) => [t.comment.id, t]));
  for (const c of comments) if (c.replyTo) byId.get(c.replyTo)?.replies.push(c);
  return threads;
}

/** A comment or a reply to one (`replyTo`), with its field, its refusal and its button. */
function CommentForm({
  proposalId,
  replyTo,
  onSent,
  onCancel,
}: {
  proposalId: string;
  replyTo?: string;
  onSent: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState("");
  const [comment, commenting] = useCommentOnBallotProposalMutation();
  const problem = apiProblem(commenting.error, t("errors.network"));
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const res = await comment({ variables: { id: proposalId, body, replyTo: replyTo ?? null } }).catch(() => null);
    if (res?.data) {
      setBody("");
      onSent();
    }
  };
  return (
    <form className="rootpedia-edit ballot-comment-form" onSubmit={send}>
      <div className="form-field">
        <label htmlFor={`${id}-body`}>{t(replyTo ? "ballots.proposal.reply_field" : "ballots.proposal.comment")}</label>
        <textarea
          id={`${id}-body`}
          className="rootpedia-edit__text"
          rows={replyTo ? 2 : 3}
          value={body}
          dir="auto"
          autoFocus={Boolean(replyTo)}
          onChange={(e) => setBody(e.target.value)}
        />
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problemText(problem, ["body"])}
        </p>
      )}
      <div className="button-row">
        <Button type="submit" size={replyTo ? "sm" : undefined} disabled={commenting.loading || !body.trim()}>
          {t(replyTo ? "ballots.proposal.send_reply" : "ballots.proposal.send")}
        </Button>
        {onCancel && (
          <Button size="sm" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Agree and disagree with their counts (Loomio's temperature check); pressing the one chosen takes it back. */
function Reactions({ comment, signedIn }: { comment: Comment; signedIn: boolean }) {
  const { t } = useTranslation();
  const [react, reacting] = useReactToBallotCommentMutation();
  const problem = apiProblem(reacting.error, t("errors.network"));
  const r = comment.reactions;
  const choose = (reaction: BallotCommentReaction) =>
    void react({ variables: { id: comment.id, reaction: r.mine === reaction ? null : reaction } }).catch(() => null);
  // Words, not emoji: a browser without an emoji font shows empty boxes.
  const button = (reaction: BallotCommentReaction, count: number, label: string) => (
    <button
      type="button"
      className="ballot-reaction"
      aria-pressed={r.mine === reaction}
      disabled={!signedIn || reacting.loading}
      onClick={() => choose(reaction)}
      data-testid={`react-${reaction.toLowerCase()}`}
    >
      {label} <span className="ballot-reaction__count">{count}</span>
    </button>
  );
  return (
    <div
      className="ballot-reactions"
      role="group"
      aria-label={t("ballots.proposal.reactions_of", { agree: r.agree, disagree: r.disagree })}
    >
      {button("AGREE", r.agree, t("ballots.proposal.agree"))}
      {button("DISAGREE", r.disagree, t("ballots.proposal.disagree"))}
      {problem && (
        <p className="form-error" role="alert">
          {problemText(problem)}
        </p>
      )}
    </div>
  );
}

/** One comment: who and when, its text (or that a curator hid it), its reactions and, for the village's curators, hiding. */
function CommentView({ comment, signedIn, reviewer }: { comment: Comment; signedIn: boolean; reviewer: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [hide] = useHideBallotCommentMutation();
  return (
    <div className={comment.hidden ? "ballot-comment is-hidden" : "ballot-comment"} data-testid="ballot-comment">
      <p className="muted">
        {comment.authorName && (
          <>
            <bdi>{comment.authorName}</bdi> ·{" "}
          </>
        )}
        {formatDateTime(comment.createdAt, lang)}
      </p>
      {comment.hidden && <p className="ballot-comment__hidden">{t("ballots.proposal.hidden_comment")}</p>}
      {comment.hidden && comment.hiddenReason && (
        <p className="muted">{t("ballots.proposal.hidden_reason", { reason: comment.hiddenReason })}</p>
      )}
      {comment.body && (
        <p className="ballot-comment__body">
          <bdi>{comment.body}</bdi>
        </p>
      )}
      {!comment.hidden && (
        <div className="ballot-comment__actions">
          <Reactions comment={comment} signedIn={signedIn} />
          {reviewer && (
            <ReasonAction
              variant="secondary"
              label={t("ballots.proposal.hide")}
              title={t("ballots.proposal.hide_title")}
              reasonLabel={t("ballots.proposal.hide_reason")}
              onConfirm={(reason) => hide({ variables: { id: comment.id, reason } })}
            />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * A proposal's discussion as Loomio's: comments with their replies under them, agree/disagree with
 * counts, a reply form opened from its comment; hidden comments take neither.
 */
export function Discussion({
  proposalId,
  comments,
  signedIn,
  reviewer,
  onChanged,
}: {
  proposalId: string;
  comments: readonly Comment[];
  signedIn: boolean;
  reviewer: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState<string | null>(null);
  const threads = threadsOf(comments);
  return (
    <section aria-labelledby="discussion-h" data-testid="proposal-discussion">
      <h2 id="discussion-h">{t("ballots.proposal.discussion")}</h2>
      {threads.length === 0 && <p className="muted">{t("ballots.proposal.no_comments")}</p>}
      <ol className="ballot-comments">
        {threads.map(({ comment, replies }) => (
          <li key={comment.id} className="card" data-testid="ballot-thread">
            <CommentView comment={comment} signedIn={signedIn} reviewer={reviewer} />
            {replies.length > 0 && (
              <ol className="ballot-replies" aria-label={t("ballots.proposal.replies")}>
                {replies.map((r) => (
                  <li key={r.id}>
                    <CommentView comment={r} signedIn={signedIn} reviewer={reviewer} />
                  </li>
                ))}
              </ol>
            )}
            {signedIn &&
              !comment.hidden &&
              (replying === comment.id ? (
                <CommentForm
                  proposalId={proposalId}
                  replyTo={comment.id}
                  onSent={() => {
                    setReplying(null);
                    onChanged();
                  }}
                  onCancel={() => setReplying(null)}
                />
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setReplying(comment.id)}>
                  {t("ballots.proposal.reply")}
                </Button>
              ))}
          </li>
        ))}
      </ol>
      {signedIn ? (
        <CommentForm proposalId={proposalId} onSent={onChanged} />
      ) : (
        <p className="muted">{t("ballots.proposal.sign_in_to_comment")}</p>
      )}
    </section>
  );
}
