import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { directionOf, DiffView } from "../../rootpedia";
import { useProposalConflictQuery, useResolveBallotProposalConflictMutation } from "../generated";

/**
 * A curator resolves an accepted edit that meets a newer change of the article: both changes
 * shown as diffs on the proposal's base, and the merged text written on the article's current one.
 */
export function ConflictResolver({ proposalId, onResolved }: { proposalId: string; onResolved: () => void }) {
  const { t } = useTranslation();
  const { data, loading, error } = useProposalConflictQuery({ variables: { id: proposalId }, fetchPolicy: "network-only" });
  const [text, setText] = useState<string | null>(null);
  const [resolve, resolving] = useResolveBallotProposalConflictMutation();
  const p = data?.ballotProposal;
  const c = p?.conflict;
  const problem = apiProblem(error ?? resolving.error, t("errors.network"));
  if (loading && !data) return <Spinner label={t("common.loading")} />;
  if (!p || !c)
    return problem ? (
      <p className="form-error" role="alert">
        {problem.message}
      </p>
    ) : null;
  const value = text ?? c.currentContent;
  const id = `conflict-${proposalId}`;
  return (
    <section className="ballot-conflict" aria-labelledby={`${id}-h`} data-testid="proposal-conflict">
      <h3 id={`${id}-h`}>{t("ballots.conflict.title")}</h3>
      <p className="muted">{t("ballots.conflict.explain")}</p>
      <div className="ballot-conflict__diffs">
        <div>
          <h4>{t("ballots.conflict.meanwhile")}</h4>
          <DiffView parts={c.changesMeanwhile} language={p.language} />
        </div>
        <div>
          <h4>{t("ballots.conflict.proposed")}</h4>
          <DiffView parts={c.proposedChanges} language={p.language} />
        </div>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-text`}>{t("ballots.conflict.merged")}</label>
        <textarea
          id={`${id}-text`}
          className="rootpedia-edit__text"
          rows={12}
          value={value}
          onChange={(e) => setText(e.target.value)}
          lang={p.language}
          dir={directionOf(p.language)}
        />
      </div>
      <div className="rootpedia__actions">
        <Button
          variant="primary"
          disabled={resolving.loading}
          onClick={() =>
            void resolve({ variables: { id: proposalId, content: value } }).then(
              () => onResolved(),
              () => undefined,
            )
          }
        >
          {t("ballots.conflict.resolve")}
        </Button>
        <Button onClick={() => setText(c.proposedContent)}>{t("ballots.conflict.start_from_proposed")}</Button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
    </section>
  );
}
