import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { apiProblem } from "../../../lib/apiErrors";
import { Button } from "../../../ui/Button";
import { ConfirmAction } from "../../../ui/ConfirmAction";
import { readNumber } from "../../../lib/digits";
import { NumberInput } from "../../../ui/NumberInput";
import { useAcceptBallotProposalMutation, useOpenBallotMutation } from "../generated";

/**
 * A draft proposal before the village's curators: accepted directly when it is a minor edit
 * (audited), or put to a ballot. A new article or a larger change can only go to a ballot.
 */
export function CuratorActions({
  slug,
  proposalId,
  minorEdit,
  onAccepted,
}: {
  slug: string;
  proposalId: string;
  minorEdit: boolean;
  onAccepted: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [days, setDays] = useState("7");
  const [hide, setHide] = useState(false);
  const [accept] = useAcceptBallotProposalMutation();
  const [open, opening] = useOpenBallotMutation();
  const problem = apiProblem(opening.error, t("errors.network"));
  return (
    <section className="card" aria-labelledby="curator-h" data-testid="curator-actions">
      <h2 id="curator-h" className="card__title">
        {t("ballots.curator.title")}
      </h2>
      <p className="muted">{t("ballots.curator.minor_help")}</p>
      {minorEdit ? (
        <ConfirmAction
          label={t("ballots.curator.accept")}
          question={t("ballots.curator.accept_question")}
          confirmLabel={t("ballots.curator.accept")}
          onConfirm={() => accept({ variables: { id: proposalId } }).then(onAccepted)}
        />
      ) : (
        <p data-testid="not-minor">{t("ballots.curator.not_minor")}</p>
      )}
      <form
        className="ballot-form"
        onSubmit={(e) => {
          e.preventDefault();
          void open({ variables: { proposalId, openDays: readNumber(days), hideResults: hide } }).then(
            (r) => r.data && navigate(`/root/${slug}/rootpedia/ballot/${r.data.openBallot.id}`),
            () => undefined,
          );
        }}
      >
        <NumberInput
          label={t("ballots.curator.open_days")}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          errors={problem?.fields.openDays}
          hint={t("ballots.curator.open_days_hint")}
        />
        <label className="ballot-check">
          <input type="checkbox" checked={hide} onChange={(e) => setHide(e.target.checked)} />
          {t("ballots.curator.hide_results")}
        </label>
        <Button variant="primary" type="submit" disabled={opening.loading}>
          {t("ballots.curator.open")}
        </Button>
      </form>
      {problem && !problem.fields.openDays && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
    </section>
  );
}
