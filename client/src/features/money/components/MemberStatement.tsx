import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatMoney } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { useMemberStatementLazyQuery } from "../generated";
import { EntriesTable } from "./EntriesTable";

/**
 * A member's statement at the payments desk: read only with a reason, which the server checks
 * (at least 10 characters) and keeps in the audit log with the reading.
 */
export function MemberStatement({ memberId, memberName }: { memberId: string; memberName: string | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [read, { data, error, loading }] = useMemberStatementLazyQuery({ fetchPolicy: "network-only" });
  const problem = apiProblem(error, t("errors.network"));
  const statement = problem ? null : data?.memberStatement;
  if (!open)
    return (
      <Button size="sm" onClick={() => setOpen(true)}>
        {t("money.desk_statement")}
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void read({ variables: { memberId, reason: reason.trim() } }).catch(() => undefined);
  };
  const money = (minor: string, currency: string) => formatMoney(minor, currency, lang);
  return (
    <section className="card money-statement" aria-labelledby={headingId} data-testid={`statement-${memberId}`}>
      <h3 id={headingId}>{t("money.desk_statement_title", { name: statement?.memberName ?? memberName ?? "" })}</h3>
      <form onSubmit={submit} className="money-inline-form">
        <Field
          label={t("money.desk_statement_reason")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          errors={problem?.fields.reason}
        />
        {problem && !problem.fields.reason && <p role="alert">{problem.message}</p>}
        <Button type="submit" disabled={loading || !reason.trim()}>
          {t("money.desk_statement_read")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {t("money.desk_statement_close")}
        </Button>
      </form>
      {statement && (
        <>
          <p>
            {t("money.desk_statement_balance", {
              posted: money(statement.wallet.posted, statement.wallet.currency),
              available: money(statement.wallet.available, statement.wallet.currency),
              held: money(statement.wallet.held, statement.wallet.currency),
            })}
          </p>
          {statement.entries.length === 0 ? (
            <p className="muted">{t("money.desk_statement_empty")}</p>
          ) : (
            <EntriesTable entries={statement.entries} />
          )}
        </>
      )}
    </section>
  );
}
