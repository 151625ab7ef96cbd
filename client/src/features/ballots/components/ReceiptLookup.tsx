import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatNumber } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { LtrValue } from "../../../ui/BidiText";
import { TextInput } from "../../../ui/TextInput";
import { useBallotReceiptLazyQuery } from "../generated";

/** "Was my vote counted?": a receipt looked up on the ballot; once it has closed, its entry on the public board. */
export function ReceiptLookup({ ballotId, initial = "" }: { ballotId: string; initial?: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [receipt, setReceipt] = useState(initial);
  const [look, { data, error, loading }] = useBallotReceiptLazyQuery({ fetchPolicy: "network-only" });
  const problem = apiProblem(error, t("errors.network"));
  const found = data?.ballotReceipt;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (receipt.trim()) void look({ variables: { ballotId, receipt: receipt.trim() } }).catch(() => undefined);
  };
  return (
    <section className="card" aria-labelledby="receipt-h" data-testid="receipt-lookup">
      <h2 id="receipt-h" className="card__title">
        {t("ballots.receipt.lookup_title")}
      </h2>
      <p className="muted">{t("ballots.receipt.lookup_help")}</p>
      <form className="ballot-form" onSubmit={submit}>
        <TextInput
          label={t("ballots.receipt.code")}
          value={receipt}
          onChange={(e) => setReceipt(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          className="ballot-form__code"
          dir="ltr"
        />
        <Button type="submit" disabled={loading}>
          {t("ballots.receipt.check")}
        </Button>
      </form>
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      {found && !problem && (
        <div role="status" data-testid="receipt-result">
          <p>{t(found.entry ? "ballots.receipt.on_board" : "ballots.receipt.counted")}</p>
          {found.entry && (
            <dl className="ballot-entry">
              <dt>{t("ballots.receipt.position")}</dt>
              <dd>{formatNumber(found.entry.position, lang)}</dd>
              <dt>{t("ballots.receipt.choice")}</dt>
              <dd>{t(`ballots.choice.${found.entry.choice.toLowerCase() as "yes"}`)}</dd>
              <dt>{t("ballots.receipt.entry_hash")}</dt>
              <dd>
                <code>
                  <LtrValue>{found.entry.entryHash}</LtrValue>
                </code>
              </dd>
            </dl>
          )}
        </div>
      )}
    </section>
  );
}
