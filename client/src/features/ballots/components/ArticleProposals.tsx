import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { Badge } from "../../../ui/Badge";
import { ButtonLink } from "../../../ui/Button";
import { useArticleProposalsQuery } from "../generated";
import { PROPOSAL_TONE, proposalStatusKey } from "../status";

/** On an article's page: its proposals (newest first) and, for a member, proposing a change to put to the village. */
export function ArticleProposals({ slug, articleId, signedIn }: { slug: string; articleId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const proposals =
    useArticleProposalsQuery({ variables: { articleId }, fetchPolicy: "cache-and-network" }).data?.articleBallotProposals ?? [];
  if (!signedIn && proposals.length === 0) return null;
  return (
    <section className="card" aria-labelledby="article-proposals-h" data-testid="article-proposals">
      <h2 id="article-proposals-h" className="card__title">
        {t("ballots.article.title")}
      </h2>
      {proposals.length > 0 && (
        <ul className="ballot-proposals">
          {proposals.map((p) => (
            <li key={p.id}>
              <Badge tone={PROPOSAL_TONE[p.status]}>{t(proposalStatusKey(p.status))}</Badge>{" "}
              <Link to={`/root/${slug}/rootpedia/proposal/${p.id}`}>
                <bdi>{p.summary || p.title}</bdi>
              </Link>{" "}
              <span className="muted">
                · <bdi>{p.authorName ?? ""}</bdi> · {formatDateTime(p.createdAt, lang)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {signedIn && (
        <ButtonLink size="sm" to={`/root/${slug}/rootpedia/propose?article=${encodeURIComponent(articleId)}`}>
          {t("ballots.article.propose")}
        </ButtonLink>
      )}
    </section>
  );
}
