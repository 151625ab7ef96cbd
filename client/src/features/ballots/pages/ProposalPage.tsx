import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { Badge } from "../../../ui/Badge";
import { ButtonLink } from "../../../ui/Button";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Spinner } from "../../../ui/Spinner";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ArticleBody, directionOf, SideBySideDiff, TableOfContents, WatchButton } from "../../rootpedia";
import { ConflictResolver } from "../components/ConflictResolver";
import { CuratorActions } from "../components/CuratorActions";
import { Discussion } from "../components/Discussion";
import { Lifecycle } from "../components/Lifecycle";
import { useBallotProposalQuery, useBallotProposalWatchQuery } from "../generated";
import { PROPOSAL_TONE, proposalStatusKey } from "../status";
import "../ballots.css";

/**
 * A proposal reads as the article it proposes: rendered (with its contents), then side by side
 * with the revision it was written on; its status and its ballot's timeline, the discussion with
 * replies and reactions (it goes on while the text is frozen), watching; and for the village's
 * curators, accepting a minor edit, opening a ballot, or resolving a conflict.
 */
export default function ProposalPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { slug = "", id = "" } = useParams();
  const signedIn = useAuth().status === "signedIn";
  const { data, loading, error, refetch } = useBallotProposalQuery({ variables: { id }, fetchPolicy: "cache-and-network" });
  const p = data?.ballotProposal;
  const watch = useBallotProposalWatchQuery({ variables: { articleId: p?.articleId ?? "" }, skip: !signedIn || !p?.articleId });
  useDocumentTitle(p ? t("ballots.proposal.title_of", { title: p.title }) : null);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const proposal = p!;
  const b = proposal.ballot;
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
          <Lifecycle status={b.status} opensAt={b.opensAt} closesAt={b.closesAt} secondsLeft={b.tally.secondsLeft} timeline={b.timeline} />
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
      <section aria-labelledby="proposed-h" data-testid="proposal-article">
        <h2 id="proposed-h">{t("ballots.proposal.as_proposed")}</h2>
        <div className="ballot-proposed">
          <h3 className="ballot-proposed__title" lang={proposal.language} dir={directionOf(proposal.language)}>
            {proposal.title}
          </h3>
          <TableOfContents headings={proposal.contents} language={proposal.language} />
          <ArticleBody html={proposal.html} language={proposal.language} />
        </div>
      </section>
      {/* A new article has no version to compare with: the article above is all of it. */}
      {proposal.articleId && (
        <section aria-labelledby="change-h" data-testid="proposal-change">
          <h2 id="change-h">{t("ballots.proposal.compare_heading")}</h2>
          <SideBySideDiff comparison={proposal.comparison} language={proposal.language} />
        </section>
      )}
      <Discussion
        proposalId={proposal.id}
        comments={proposal.comments}
        signedIn={signedIn}
        reviewer={proposal.viewerCan.review}
        onChanged={() => void refetch()}
      />
    </article>
  );
}
