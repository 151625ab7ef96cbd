import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../../app/auth/useAuth";
import { Link, useParams } from "react-router-dom";
import { currentLanguage } from "../../../i18n";
import { formatNumber } from "../../../lib/format";
import { localized } from "../../../lib/localized";
import { Badge } from "../../../ui/Badge";
import { ButtonLink } from "../../../ui/Button";
import { Facts } from "../../../ui/Facts";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Spinner } from "../../../ui/Spinner";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { ArticleProposals } from "../../ballots";
import { ArticleBody, directionOf } from "../components/ArticleBody";
import { TableOfContents } from "../components/TableOfContents";
import { WatchButton } from "../components/WatchButton";
import { ReviewDone, ReviewPanel, type ReviewOutcome } from "../components/ReviewPanel";
import { useRootpediaArticleQuery } from "../generated";
import "../rootpedia.css";

const LANGUAGE_NAME: Record<string, "lang.ar" | "lang.en" | "lang.fr"> = { ar: "lang.ar", en: "lang.en", fr: "lang.fr" };

/**
 * An article as readers see it: the last reviewed version with the village's infobox, a table of
 * contents from three headings on, its other language versions, and what waits: an edit waiting for review (its author and the reviewers
 * see it, and reviewers accept or refuse it there, beside its diff against the stable version), and language versions that moved on since
 * this one followed them, with their changed paragraphs.
 */
export default function ArticlePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { slug = "", articleId = "" } = useParams();
  const { data, loading, error, refetch } = useRootpediaArticleQuery({ variables: { id: articleId }, fetchPolicy: "cache-and-network" });
  const [done, setDone] = useState<ReviewOutcome | null>(null);
  const signedIn = useAuth().status === "signedIn";
  const a = data?.rootpediaArticle;
  useDocumentTitle(a?.title);
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (error && !data) return <LoadFailed error={error} onRetry={refetch} />;
  const v = a!.village;
  const base = `/root/${slug}/rootpedia/article/${a!.id}`;
  return (
    <article className="page rootpedia" data-testid="rootpedia-article">
      <Link className="back-link" to={`/root/${slug}/rootpedia`}>
        {t("rootpedia.title_of", { village: localized(lang, v.name, v.nameAr, v.nameFr) })}
      </Link>
      <h1>
        <bdi lang={a!.language}>{a!.title}</bdi>
      </h1>
      <div className="rootpedia__actions">
        {a!.viewerCan.edit && (
          <ButtonLink variant="primary" to={`${base}/edit`}>
            {t("rootpedia.edit")}
          </ButtonLink>
        )}
        <ButtonLink to={`${base}/history`}>{t("rootpedia.history")}</ButtonLink>
        {a!.viewerCan.edit && <WatchButton articleId={a!.id} watching={a!.watching} />}
        {a!.translations.map((x) => (
          // Written in that version's language and direction: "English: Zahle" reads left to right
          // on an Arabic page too, its colon after the language's name.
          <Link
            key={x.id}
            to={`/root/${slug}/rootpedia/article/${x.id}`}
            lang={x.language}
            dir={directionOf(x.language)}
            className="rootpedia__language"
            data-testid="rootpedia-language-link"
          >
            {t(LANGUAGE_NAME[x.language])}: <bdi>{x.title}</bdi>
          </Link>
        ))}
      </div>
      <ReviewDone outcome={done} />
      {a!.pending && (
        <section className="notice" data-testid="rootpedia-pending" aria-labelledby="pending-h">
          <h2 id="pending-h">
            <Badge tone="gold">{t("rootpedia.edit_waiting")}</Badge>
          </h2>
          <p>{t("rootpedia.pending_note", { author: a!.pending.author ?? "" })}</p>
          {a!.viewerCan.review && (
            <ReviewPanel
              pendingId={a!.pending.id}
              stableId={a!.stable?.id ?? null}
              html={a!.pending.html}
              language={a!.language}
              onDone={(outcome) => {
                setDone(outcome);
                void refetch();
              }}
            />
          )}
        </section>
      )}
      {a!.outOfDate.map((o) => (
        <section key={o.articleId} className="notice" data-testid="rootpedia-out-of-date">
          <p>
            {t("rootpedia.out_of_date", { language: t(LANGUAGE_NAME[o.language]) })}{" "}
            <Link to={`/root/${slug}/rootpedia/article/${o.articleId}`}>{t("rootpedia.open_source")}</Link>
          </p>
          {/* The other version's own paragraphs, in its language's direction. */}
          <ul lang={o.language} dir={directionOf(o.language)}>
            {o.changed.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </section>
      ))}
      <div className="rootpedia__layout">
        <aside className="rootpedia__infobox" aria-label={t("rootpedia.infobox")}>
          <Facts
            items={[
              { label: t("villages.district"), value: localized(lang, v.district ?? "", v.districtAr, v.districtFr), hidden: !v.district },
              {
                label: t("villages.governorate"),
                value: localized(lang, v.governorate ?? "", v.governorateAr, v.governorateFr),
                hidden: !v.governorate,
              },
              { label: t("villages.population"), value: formatNumber(v.populationCurrent ?? 0, lang), hidden: !v.populationCurrent },
            ]}
          />
          <Link to={`/libanpedia/${v.slug}`}>{t("rootpedia.village_page")}</Link>
        </aside>
        <div className="rootpedia__text">
          <TableOfContents headings={a!.contents} language={a!.language} />
          {a!.html ? <ArticleBody html={a!.html} language={a!.language} /> : <p className="muted">{t("rootpedia.nothing_yet")}</p>}
        </div>
      </div>
      <ArticleProposals slug={slug} articleId={a!.id} signedIn={signedIn} />
    </article>
  );
}
