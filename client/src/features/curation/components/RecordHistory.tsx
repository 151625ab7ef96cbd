import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDateTime } from "../../../lib/format";
import type { AuditTable } from "../../../gql/graphql";
import { useAuth } from "../../../app/auth/useAuth";
import { useRecordHistoryQuery, useRevertChangeMutation } from "../generated";
import { Button } from "../../../ui/Button";
import { runtimeKey } from "../../../i18n/typed";
import { EmptyState } from "../../../ui/EmptyState";

const REVIEWERS = ["ADMIN", "EDITOR", "LOCAL_ROOT_CURATOR"];

/** Fields with a label of their own; others show their column name. */
const LABELLED = new Set([
  "full_name",
  "full_name_ar",
  "name_variants",
  "given_name",
  "father_name",
  "mother_name",
  "gender",
  "birth_date_text",
  "birth_place",
  "death_date_text",
  "death_place",
  "is_deceased",
  "occupation",
  "bio",
  "sources",
  "provenance",
  "village_id",
  "family_id",
  "is_public",
  "description",
  "description_ar",
  "description_fr",
  "has_church",
  "has_mosque",
  "has_school",
  "has_registry",
  "population_current",
  "diaspora_count",
]);
/** Columns that are the date's machine-readable range: the written date already says it. */
const HIDDEN = new Set([
  "birth_date_from",
  "birth_date_to",
  "birth_date_qualifier",
  "death_date_from",
  "death_date_to",
  "death_date_qualifier",
  "confidence",
]);

/**
 * A record's history (who changed what, before → after) with Revert. Shown to editors,
 * admins and curators; the server decides (a curator of another village gets nothing).
 */
export function RecordHistory({
  table,
  recordId,
  onReverted,
}: {
  table: AuditTable;
  recordId: string;
  onReverted?: () => void | Promise<unknown>;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const auth = useAuth();
  const reviewer = auth.status === "signedIn" && auth.viewer.roles.some((r) => REVIEWERS.includes(r));
  const { data, refetch } = useRecordHistoryQuery({
    variables: { table, recordId, first: 20 },
    skip: !reviewer,
    fetchPolicy: "network-only",
    errorPolicy: "none",
  });
  const [revert, reverting] = useRevertChangeMutation();
  const problem = apiProblem(reverting.error, t("errors.network"));
  /** A stored JSON value as a reader sees it (strings without quotes, lists joined, provenance translated). */
  const shown = (field: string, json: string | null): string => {
    if (json === null) return "—";
    const v: unknown = JSON.parse(json);
    if (field === "provenance" && typeof v === "string") return t(runtimeKey(`provenance.${v.toLowerCase()}`));
    if (typeof v === "boolean") return t(v ? "curation.yes" : "curation.no");
    return Array.isArray(v) ? v.join(", ") : typeof v === "string" ? v : String(v);
  };
  if (!reviewer || !data) return null;
  return (
    <section className="card history" aria-labelledby="history-h" data-testid="history">
      <h2 id="history-h">{t("curation.history")}</h2>
      {data.auditLog.edges.length === 0 && <EmptyState title={t("curation.history_empty")} />}
      <ol className="history__list">
        {data.auditLog.edges.map(({ node: e }) => (
          <li key={e.id} className="history__entry">
            <p>
              <strong>{t(`curation.action_${e.action}`, { defaultValue: e.action })}</strong>
              {" · "}
              <bdi>{e.userName ?? t("curation.someone")}</bdi>
              {" · "}
              <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, lang)}</time>{" "}
              {e.canRevert && (
                <Button
                  type="button"
                  disabled={reverting.loading}
                  onClick={async () => {
                    const res = await revert({ variables: { auditId: e.id } }).catch(() => null);
                    if (res?.data) {
                      await refetch();
                      await onReverted?.();
                    }
                  }}
                >
                  {t("curation.revert")}
                </Button>
              )}
            </p>
            {e.changes.length > 0 && (
              <dl className="history__changes">
                {e.changes
                  .filter((c) => !HIDDEN.has(c.field))
                  .map((c) => (
                    <div key={c.field} className="contents">
                      <dt>{LABELLED.has(c.field) ? t(runtimeKey(`curation.field_${c.field}`)) : <code dir="ltr">{c.field}</code>}</dt>
                      <dd>
                        <bdi>{shown(c.field, c.before)}</bdi> {t("curation.changed_to")} <bdi>{shown(c.field, c.after)}</bdi>
                      </dd>
                    </div>
                  ))}
              </dl>
            )}
          </li>
        ))}
      </ol>
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
    </section>
  );
}
