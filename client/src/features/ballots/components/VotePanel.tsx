import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CastVoteMutation, VoteChoice } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDate } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { Card } from "../../../ui/Card";
import { useCastVoteMutation } from "../generated";
import { CopyCode } from "./CopyCode";

const CHOICES: VoteChoice[] = ["YES", "NO", "ABSTAIN"];
const key = (c: VoteChoice) => c.toLowerCase() as "yes" | "no" | "abstain";

/**
 * Said at once after voting, whatever the batched tally shows: the vote is recorded, by when the
 * live count includes it, and the receipt and its nonce, given once, with what to do with them.
 */
export function ReceiptCard({ cast }: { cast: CastVoteMutation["castVote"] }) {
  const { t } = useTranslation();
  return (
    <Card tone="green" title={t("ballots.receipt.recorded")} titleId="receipt-title" data-testid="vote-receipt">
      <p role="status" data-testid="vote-recorded">
        {t("ballots.receipt.next_count", { time: formatDate(cast.countedBy, currentLanguage(), { timeStyle: "medium" }) })}
      </p>
      <CopyCode label={t("ballots.receipt.code")} value={cast.receipt} testId="receipt-code" />
      <CopyCode label={t("ballots.receipt.nonce")} value={cast.nonce} testId="receipt-nonce" />
      <p className="muted">{t("ballots.receipt.explain")}</p>
    </Card>
  );
}

/** Yes, no or abstain, asked again before it is cast (a vote is final); the receipt goes to `onCast`. */
export function VotePanel({ ballotId, onCast }: { ballotId: string; onCast: (cast: CastVoteMutation["castVote"]) => void }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<VoteChoice | null>(null);
  const [asking, setAsking] = useState(false);
  const [cast, { loading, error }] = useCastVoteMutation();
  const problem = apiProblem(error, t("errors.network"));
  const confirm = () =>
    cast({ variables: { ballotId, choice: choice! } }).then(
      (r) => r.data && onCast(r.data.castVote),
      () => setAsking(false),
    );
  return (
    <section className="card" aria-labelledby="vote-h" data-testid="vote-panel">
      <h2 id="vote-h" className="card__title">
        {t("ballots.vote.title")}
      </h2>
      <fieldset className="ballot-choices" disabled={asking || loading}>
        <legend>{t("ballots.vote.legend")}</legend>
        {CHOICES.map((c) => (
          <label key={c} className="ballot-choices__option">
            <input type="radio" name="vote" value={c} checked={choice === c} onChange={() => setChoice(c)} />
            {t(`ballots.choice.${key(c)}`)}
          </label>
        ))}
      </fieldset>
      {asking && choice ? (
        <div className="confirm" role="alertdialog" aria-labelledby="vote-confirm-q">
          <p id="vote-confirm-q" className="confirm__question">
            {t("ballots.vote.confirm", { choice: t(`ballots.choice.${key(choice)}`) })}
          </p>
          <div className="button-row">
            <Button variant="primary" onClick={() => void confirm()} disabled={loading} autoFocus>
              {t("ballots.vote.confirm_button")}
            </Button>
            <Button onClick={() => setAsking(false)} disabled={loading}>
              {t("common.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="primary" disabled={!choice} onClick={() => setAsking(true)}>
          {t("ballots.vote.cast")}
        </Button>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
    </section>
  );
}
