import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { apiProblem, problemText } from "../../../lib/apiErrors";
import { formatDateTime } from "../../../lib/format";
import { Badge } from "../../../ui/Badge";
import { Button, ButtonLink } from "../../../ui/Button";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Spinner } from "../../../ui/Spinner";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { DiffView, WatchButton } from "../../rootpedia";
import { ConflictResolver } from "../components/ConflictResolver";
import { CuratorActions } from "../components/CuratorActions";
import { Lifecycle } from "../components/Lifecycle";
import { useBallotProposalQuery, useBallotProposalWatchQuery, useCommentOnBallotProposalMutation } from "../generated";
import { PROPOSAL_TONE, proposalStatusKey } from "../status";
import "../ballots.css";

/**
 * A proposal: its change against the revision it was written on, its status and ballot, the
 * discussion (it goes on while the text is frozen), watching; and for the village's curators,
 * accepting a minor edit, opening a ballot, or resolving a conflict.
 */
export default function ProposalPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { slug = "", id = "" } = useParams();
  const signedIn = useAuth().status === "signedIn";
  const { data, loading, error, refetch } = useBallotProposalQuery({ variables: { id }, fetchPolicy: "cache-and-network" });
  const p = data?.ballotProposal;
  const watch = useBallotProposalWatchQuery({ variables: { articleId: p?.articleId ?? "" }, skip: !signedIn || !p?.articleId });
  const [body, setBody] = useState("");
  const [comment, commenting] = useCommentOnBallotProposalMutation();
  useDocumentTitle(p ? t("ballots.proposal.title_of", { title: p.title }) : null);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const proposal = p!;
  const b = proposal.ballot;
  const problem = apiProblem(commenting.error, t("errors.network"));
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const res = await comment({ variables: { id, body } }).catch(() => null);
    if (res?.data) {
      setBody("");
      void refetch();
    }
  };
  return (
    <article className="page rootpedia ballots" data-testid="proposal-page">
      <Link
        className="back-link"
        to={proposal.articleId ? `/root/${slug}/rootpedia/article/${proposal.articleId}` : `/root/${slug}/rootpedia`}
      >
        {/* A proposed new article has none to go back to yet. */}
        {t(proposal.articleId ? "ballots.proposal.back" : "ballots.proposal.back_to_rootpedia")}
      </Link>
      <h1>
        {t("ballots.proposal.heading")}
        {t("common.colon")} <bdi lang={proposal.language}>{proposal.title}</bdi>
      </h1>
      <p className="ballot-meta">
        <Badge tone={PROPOSAL_TONE[proposal.status]}>{t(proposalStatusKey(proposal.status))}</Badge>{" "}
        <span className="muted">
          {t(proposal.articleId ? "ballots.proposal.edit_of" : "ballots.proposal.new_article")} · <bdi>{proposal.authorName ?? ""}</bdi> ·{" "}
          {formatDateTime(proposal.createdAt, lang)}
        </span>
      </p>
      {proposal.summary && (
        <p>
          <bdi>{proposal.summary}</bdi>
        </p>
      )}
      <div className="rootpedia__actions">
        {signedIn && proposal.articleId && watch.data && (
          <WatchButton articleId={proposal.articleId} watching={watch.data.rootpediaArticle.watching} />
        )}
        {signedIn && !proposal.articleId && <WatchButton slug={slug} watching={false} />}
        {proposal.frozen && <span className="muted">{t("ballots.proposal.frozen")}</span>}
      </div>
      {b && (
        <section className="card" aria-labelledby="ballot-h" data-testid="proposal-ballot">
          <h2 id="ballot-h" className="card__title">
            {t("ballots.ballot.heading")}
          </h2>
          <Lifecycle status={b.status} opensAt={b.opensAt} closesAt={b.closesAt} secondsLeft={b.tally.secondsLeft} />
          <div className="rootpedia__actions">
            <ButtonLink variant="primary" to={`/root/${slug}/rootpedia/ballot/${b.id}`}>
              {t("ballots.ballot.go_vote")}
            </ButtonLink>
            <ButtonLink to={`/root/${slug}/rootpedia/ballot/${b.id}/results`}>{t("ballots.results.link")}</ButtonLink>
          </div>
        </section>
      )}
      {proposal.status === "DRAFT" && proposal.viewerCan.review && (
        <CuratorActions slug={slug} proposalId={proposal.id} minorEdit={proposal.minorEdit} onAccepted={() => void refetch()} />
      )}
      {proposal.status === "CONFLICT" && proposal.viewerCan.review && (
        <ConflictResolver proposalId={proposal.id} onResolved={() => void refetch()} />
      )}
      <section aria-labelledby="change-h">
        <h2 id="change-h">{t("ballots.proposal.change")}</h2>
        <DiffView parts={proposal.diff} language={proposal.language} />
      </section>
      <section aria-labelledby="discussion-h" data-testid="proposal-discussion">
        <h2 id="discussion-h">{t("ballots.proposal.discussion")}</h2>
        {proposal.comments.length === 0 && <p className="muted">{t("ballots.proposal.no_comments")}</p>}
        <ol className="ballot-comments">
          {proposal.comments.map((c) => (
            <li key={c.id} className="card">
              <p className="muted">
                <bdi>{c.authorName ?? ""}</bdi> · {formatDateTime(c.createdAt, lang)}
              </p>
              <p>
                <bdi>{c.body}</bdi>
              </p>
            </li>
          ))}
        </ol>
        {signedIn ? (
          <form className="rootpedia-edit" onSubmit={send}>
            <div className="form-field">
              <label htmlFor="comment-body">{t("ballots.proposal.comment")}</label>
              <textarea
                id="comment-body"
                className="rootpedia-edit__text"
                rows={3}
                value={body}
                onChange={(e) => setBody(e.target.value)}
              />
            </div>
            {problem && (
              <p className="form-error" role="alert">
                {problemText(problem, ["body"])}
              </p>
            )}
            <div>
              <Button type="submit" disabled={commenting.loading || !body.trim()}>
                {t("ballots.proposal.send")}
              </Button>
            </div>
          </form>
        ) : (
          <p className="muted">{t("ballots.proposal.sign_in_to_comment")}</p>
        )}
      </section>
    </article>
  );
}
