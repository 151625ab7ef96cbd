import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDate, formatMoney, parseMoneyInput } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { Field } from "../../../ui/Field";
import { LoadFailed } from "../../../ui/LoadFailed";
import { Skeleton } from "../../../ui/Skeleton";
import { showToast } from "../../../ui/toast";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import type { PaymentFieldsFragment } from "../../../gql/graphql";
import { useRequestPayoutMutation, useStartPaymentMutation, useWalletQuery } from "../generated";
import { useIdempotencyKey } from "../../../lib/useIdempotencyKey";
import type { TranslationKey } from "../../../i18n/typed";
import { EntriesTable } from "../components/EntriesTable";
import "../money.css";

const PAYOUT_STATUS: Record<string, TranslationKey> = {
  requested: "money.payout_status.requested",
  sent: "money.payout_status.sent",
  cancelled: "money.payout_status.cancelled",
};
const RECEIPT_KIND: Record<string, TranslationKey> = {
  payment: "money.receipt_kind.payment",
  refund: "money.receipt_kind.refund",
  payout: "money.receipt_kind.payout",
};

/** How a started bank transfer is paid: the reference to quote and the bank's details. */
function TransferInstructions({ payment }: { payment: PaymentFieldsFragment }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <div className="money-instructions" data-testid="transfer-instructions">
      <p>{t("money.transfer_intro", { amount: formatMoney(payment.amount, payment.currency, lang) })}</p>
      <p>
        {t("money.reference")}
        {t("common.colon")}{" "}
        <strong dir="ltr" className="money-reference" data-testid="payment-reference">
          {payment.reference}
        </strong>
      </p>
      <ul className="money-bank">
        {payment.bankDetails.map((line) => (
          <li key={line}>
            <bdi dir="ltr">{line}</bdi>
          </li>
        ))}
      </ul>
      <p className="muted">{t("money.transfer_expires", { date: formatDate(payment.expiresAt, lang) })}</p>
    </div>
  );
}

function AddMoney({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [started, setStarted] = useState<PaymentFieldsFragment | null>(null);
  const [start, { loading, error }] = useStartPaymentMutation();
  const amount = parseMoneyInput(text);
  const idem = useIdempotencyKey(`start:${amount}`);
  const problem = apiProblem(error, t("errors.network"));
  const [invalid, setInvalid] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setInvalid(!amount);
    if (!amount) return;
    const res = await start({ variables: { input: { amount, idempotencyKey: idem.key } } }).catch(() => null);
    if (res?.data) {
      idem.done();
      setStarted(res.data.startPayment);
      setText("");
      onDone();
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="money-add">
      <h2 id="money-add">{t("money.add_title")}</h2>
      <p className="muted">{t("money.add_intro")}</p>
      <Field
        label={t("money.amount_usd")}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        errors={invalid ? [t("money.amount_invalid")] : problem?.fields.amount}
        data-testid="add-amount"
      />
      {problem && !problem.fields.amount && <p role="alert">{problem.message}</p>}
      <Button variant="primary" type="submit" disabled={loading}>
        {t("money.add_submit")}
      </Button>
      {started && <TransferInstructions payment={started} />}
    </form>
  );
}

function Withdraw({ available, onDone }: { available: string; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [text, setText] = useState("");
  const [destination, setDestination] = useState("");
  const [request, { loading, error }] = useRequestPayoutMutation();
  const amount = parseMoneyInput(text);
  const idem = useIdempotencyKey(`payout:${amount}:${destination}`);
  const problem = apiProblem(error, t("errors.network"));
  const [invalid, setInvalid] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setInvalid(!amount);
    if (!amount) return;
    const res = await request({ variables: { input: { amount, destination, idempotencyKey: idem.key } } }).catch(() => null);
    if (res?.data) {
      idem.done();
      setText("");
      showToast({ titleKey: "money.withdraw_requested" });
      onDone();
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="money-withdraw">
      <h2 id="money-withdraw">{t("money.withdraw_title")}</h2>
      <p className="muted">{t("money.withdraw_intro", { amount: formatMoney(available, "USD", lang) })}</p>
      <Field
        label={t("money.amount_usd")}
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        errors={invalid ? [t("money.amount_invalid")] : problem?.fields.amount}
      />
      <Field
        label={t("money.destination")}
        dir="ltr"
        value={destination}
        onChange={(e) => setDestination(e.target.value)}
        errors={problem?.fields.destination}
      />
      {problem && !problem.fields.amount && !problem.fields.destination && <p role="alert">{problem.message}</p>}
      <Button type="submit" disabled={loading}>
        {t("money.withdraw_submit")}
      </Button>
    </form>
  );
}

/** /wallet: the member's balance (available and held), payments waiting, withdrawals, receipts and ledger lines. */
export default function WalletPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  useDocumentTitle(t("money.wallet_title"));
  const { data, loading, error, refetch } = useWalletQuery({ fetchPolicy: "cache-and-network" });
  if (error && !data) return <LoadFailed error={error} onRetry={() => refetch()} />;
  if (loading && !data) return <Skeleton label={t("common.loading")} variant="card" />;
  const w = data!.wallet;
  const money = (minor: string, currency = w.currency) => formatMoney(minor, currency, lang);
  const reload = () => void refetch();
  return (
    <section className="page money-page" aria-labelledby="wallet-title">
      <h1 id="wallet-title">{t("money.wallet_title")}</h1>
      <dl className="money-balances card" data-testid="wallet-balances">
        <div>
          <dt>{t("money.available")}</dt>
          <dd data-testid="wallet-available">{money(w.available)}</dd>
        </div>
        <div>
          <dt>{t("money.held")}</dt>
          <dd>{money(w.held)}</dd>
        </div>
        <div>
          <dt>{t("money.posted")}</dt>
          <dd>{money(w.posted)}</dd>
        </div>
      </dl>
      <div className="money-forms">
        <AddMoney onDone={reload} />
        <Withdraw available={w.available} onDone={reload} />
      </div>

      <h2>{t("money.pending_title")}</h2>
      {w.pendingPayments.length === 0 ? (
        <p className="muted">{t("money.pending_none")}</p>
      ) : (
        <ul className="money-list">
          {w.pendingPayments.map((p) => (
            <li key={p.id} className="card">
              <TransferInstructions payment={p} />
            </li>
          ))}
        </ul>
      )}

      {w.payouts.length > 0 && (
        <>
          <h2>{t("money.payouts_title")}</h2>
          <ul className="money-list">
            {w.payouts.map((p) => (
              <li key={p.id}>
                <bdi>{money(p.amount, p.currency)}</bdi> · <bdi dir="ltr">{p.destination}</bdi> ·{" "}
                {t(PAYOUT_STATUS[p.status] ?? "money.payout_status.requested")} · {formatDate(p.createdAt, lang)}
              </li>
            ))}
          </ul>
        </>
      )}

      <h2>{t("money.receipts_title")}</h2>
      {w.receipts.length === 0 ? (
        <EmptyState title={t("money.receipts_none")} icon="🧾" />
      ) : (
        <ul className="money-list" data-testid="wallet-receipts">
          {w.receipts.map((r) => (
            <li key={r.id}>
              <a href={`/receipts/${r.id}`} target="_blank" rel="noreferrer">
                {t(RECEIPT_KIND[r.kind] ?? "money.receipt_kind.payment")} <bdi dir="ltr">{r.number}</bdi>
              </a>{" "}
              · <bdi>{money(r.amount, r.currency)}</bdi> · {formatDate(r.issuedAt, lang)} ·{" "}
              <a href={`/verify/${r.code}`} target="_blank" rel="noreferrer">
                {t("money.verify_link")}
              </a>{" "}
              ·{" "}
              <a href={`/receipts/${r.id}.pdf`} target="_blank" rel="noreferrer">
                {t("money.receipt_pdf")}
              </a>
            </li>
          ))}
        </ul>
      )}

      <h2>{t("money.entries_title")}</h2>
      {data!.ledgerEntries.length === 0 ? (
        <p className="muted">{t("money.entries_none")}</p>
      ) : (
        <EntriesTable entries={data!.ledgerEntries} />
      )}
    </section>
  );
}
