import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { ImportJobFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { inReaderScript } from "../../../lib/localized";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { useImportRecordsQuery, useMergeImportedPersonMutation } from "../generated";
import { appendPage } from "../../../lib/pagination";
import { ShowMore } from "./ShowMore";
import { DateText } from "../../../ui/DateText";
import { dateInWords } from "../../../lib/dateText";

/**
 * After an import: the people of the file that look like someone already in Roots, each with
 * the person it became and, when the member may (both records theirs, or a curator's), a way
 * to merge it into the one it looks like. The server checks the merge again.
 */
export function ImportDuplicates({ job }: { job: ImportJobFieldsFragment }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const name = (p: { displayName: string; fullNameAr: string | null }) => inReaderScript(lang, p.displayName, p.fullNameAr);
  // In the merge question, each with their birth: namesakes are common, and the question is all
  // the member sees when it opens.
  const born = (who: string | null | undefined, date: string | null | undefined) =>
    date ? `${who} (${dateInWords(date, lang, t) ?? date})` : who;
  const records = useImportRecordsQuery({
    variables: { jobId: job.id, filter: "duplicates", first: 50 },
    fetchPolicy: "cache-and-network",
  });
  const [merge] = useMergeImportedPersonMutation();
  const data = records.data?.importRecords;
  // None left to show (the staged records may be gone with a database restart): no section.
  if (data && data.totalCount === 0) return null;
  return (
    <section className="card" aria-labelledby="import-duplicates-title" data-testid="import-duplicates">
      <h2 id="import-duplicates-title">
        {data ? t("ingestion.review.tab.duplicates", { count: data.totalCount }) : t("ingestion.count.duplicates")}
      </h2>
      <p className="muted">{t("ingestion.duplicates.intro")}</p>
      <ul className="import-list">
        {data?.edges.map(({ node: r }, i) => {
          const other = r.duplicate ? name(r.duplicate) : null;
          const mine = r.person ? name(r.person) : (inReaderScript(lang, r.name, r.nameAr) ?? r.key);
          return (
            <li key={`${r.key ?? ""}-${r.line ?? i}`}>
              {r.person ? (
                <Link to={`/person/${r.person.id}`}>
                  <bdi>{mine}</bdi>
                </Link>
              ) : (
                <bdi>{mine}</bdi>
              )}
              {r.birth && (
                <span className="muted">
                  {" "}
                  (<DateText text={r.birth} />)
                </span>
              )}
              {r.duplicate && (
                <>
                  {" "}
                  — {t("ingestion.review.looks_like")}{" "}
                  <Link to={`/person/${r.duplicate.id}`}>
                    <bdi>{other}</bdi>
                  </Link>
                  {r.duplicate.birth?.text && (
                    <span className="muted">
                      {" "}
                      (<DateText text={r.duplicate.birth.text} />)
                    </span>
                  )}
                </>
              )}{" "}
              {!r.person ? (
                <span className="muted">· {t("ingestion.duplicates.merged")}</span>
              ) : r.canMerge && r.duplicate ? (
                <ConfirmAction
                  label={t("ingestion.duplicates.merge")}
                  ariaLabel={t("ingestion.duplicates.merge_label", {
                    name: born(mine, r.birth),
                    other: born(other, r.duplicate.birth?.text),
                  })}
                  question={t("ingestion.duplicates.question", { name: born(mine, r.birth), other: born(other, r.duplicate.birth?.text) })}
                  confirmLabel={t("ingestion.duplicates.merge")}
                  onConfirm={async () => {
                    await merge({ variables: { keepId: r.duplicate!.id, mergeId: r.person!.id } });
                    await records.refetch();
                  }}
                />
              ) : (
                r.duplicate && <span className="muted">· {t("ingestion.duplicates.not_yours")}</span>
              )}
            </li>
          );
        })}
        {data?.pageInfo.hasNextPage && (
          <ShowMore
            onClick={() =>
              void records.fetchMore({
                variables: { after: data.pageInfo.endCursor },
                updateQuery: appendPage("importRecords"),
              })
            }
          />
        )}
      </ul>
    </section>
  );
}
