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
import { ConfirmAction } from "../../../ui/ConfirmAction";
import type { PaymentFieldsFragment, PayoutFieldsFragment } from "../../../gql/graphql";
import { MemberStatement } from "../components/MemberStatement";
import {
  useCancelPayoutMutation,
  useConfirmPaymentMutation,
  useConfirmPayoutMutation,
  usePaymentsDeskAccessQuery,
  usePaymentsDeskQuery,
  useRefundPaymentMutation,
  useSetExchangeRateMutation,
} from "../generated";
import { useIdempotencyKey } from "../../../lib/useIdempotencyKey";
import "../money.css";

/** Staff confirm what a transfer brought (prefilled with what was asked). */
function ConfirmRow({ payment, onDone }: { payment: PaymentFieldsFragment; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [text, setText] = useState("");
  const [confirm, { loading, error }] = useConfirmPaymentMutation();
  const received = text ? parseMoneyInput(text) : payment.amount;
  const idem = useIdempotencyKey(`confirm:${payment.reference}:${received}`);
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!received) return;
    const res = await confirm({ variables: { input: { reference: payment.reference, received, idempotencyKey: idem.key } } }).catch(
      () => null,
    );
    if (res?.data) {
      idem.done();
      showToast({ titleKey: "money.desk_confirmed" });
      onDone();
    }
  };
  return (
    <li className="card" data-testid={`pending-${payment.reference}`}>
      <p>
        <strong dir="ltr" className="money-reference">
          {payment.reference}
        </strong>{" "}
        · <bdi>{payment.memberName}</bdi> · <bdi>{formatMoney(payment.amount, payment.currency, lang)}</bdi> ·{" "}
        {formatDate(payment.createdAt, lang)}
      </p>
      <form onSubmit={submit} className="money-inline-form">
        <Field
          label={t("money.desk_received")}
          inputMode="decimal"
          placeholder={formatMoney(payment.amount, payment.currency, lang)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          errors={text && !received ? [t("money.amount_invalid")] : problem?.fields.received}
        />
        {problem && !problem.fields.received && <p role="alert">{problem.message}</p>}
        <Button variant="primary" type="submit" disabled={loading || !received}>
          {t("money.desk_confirm")}
        </Button>
      </form>
    </li>
  );
}

function RefundRow({ payment, onDone }: { payment: PaymentFieldsFragment; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [text, setText] = useState("");
  const [refund, { loading, error }] = useRefundPaymentMutation();
  const amount = parseMoneyInput(text);
  const idem = useIdempotencyKey(`refund:${payment.id}:${amount}`);
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!amount) return;
    const res = await refund({ variables: { input: { paymentId: payment.id, amount, idempotencyKey: idem.key } } }).catch(() => null);
    if (res?.data) {
      idem.done();
      setText("");
      showToast({ titleKey: "money.desk_refunded" });
      onDone();
    }
  };
  return (
    <li>
      <bdi dir="ltr">{payment.reference}</bdi> · {payment.memberName} ·{" "}
      {formatMoney(payment.received ?? payment.amount, payment.currency, lang)}
      {payment.refunded !== "0" && (
        <> · {t("money.desk_refunded_so_far", { amount: formatMoney(payment.refunded, payment.currency, lang) })}</>
      )}
      <form onSubmit={submit} className="money-inline-form">
        <Field
          label={t("money.desk_refund_amount")}
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          errors={problem?.fields.amount}
        />
        {problem && !problem.fields.amount && <p role="alert">{problem.message}</p>}
        <Button type="submit" variant="danger" disabled={loading || !amount}>
          {t("money.desk_refund")}
        </Button>
      </form>
      <MemberStatement memberId={payment.memberId} memberName={payment.memberName ?? null} />
    </li>
  );
}

function PayoutRow({ payout, onDone }: { payout: PayoutFieldsFragment; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [send, { loading, error }] = useConfirmPayoutMutation();
  const [cancel] = useCancelPayoutMutation();
  const idem = useIdempotencyKey(`payout:${payout.id}`);
  const cancelIdem = useIdempotencyKey(`cancel-payout:${payout.id}`);
  const problem = apiProblem(error, t("errors.network"));
  const confirm = async () => {
    const res = await send({ variables: { input: { payoutId: payout.id, idempotencyKey: idem.key } } }).catch(() => null);
    if (res?.data) {
      idem.done();
      showToast({ titleKey: "money.desk_payout_sent" });
      onDone();
    }
  };
  return (
    <li>
      <bdi>{payout.memberName}</bdi> · <bdi>{formatMoney(payout.amount, payout.currency, lang)}</bdi> ·{" "}
      <bdi dir="ltr">{payout.destination}</bdi> · {formatDate(payout.createdAt, lang)}{" "}
      <Button size="sm" onClick={() => void confirm()} disabled={loading}>
        {t("money.desk_payout_confirm")}
      </Button>{" "}
      <ConfirmAction
        label={t("money.desk_payout_cancel")}
        question={t("money.desk_payout_cancel_confirm", {
          amount: formatMoney(payout.amount, payout.currency, lang),
          name: payout.memberName ?? "",
        })}
        confirmLabel={t("money.desk_payout_cancel")}
        dismissLabel={t("money.desk_payout_keep")}
        onConfirm={async () => {
          await cancel({ variables: { input: { payoutId: payout.id, idempotencyKey: cancelIdem.key } } });
          cancelIdem.done();
          showToast({ titleKey: "money.desk_payout_cancelled" });
          onDone();
        }}
      />{" "}
      <MemberStatement memberId={payout.memberId} memberName={payout.memberName ?? null} />
      {problem && <p role="alert">{problem.message}</p>}
    </li>
  );
}

function RateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [perUsd, setPerUsd] = useState("");
  const [source, setSource] = useState("");
  const [effectiveOn, setEffectiveOn] = useState("");
  const [save, { loading, error }] = useSetExchangeRateMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await save({ variables: { input: { currency: "LBP", perUsd: perUsd.trim(), source, effectiveOn } } }).catch(() => null);
    if (res?.data) {
      showToast({ titleKey: "money.desk_rate_saved" });
      onDone();
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="money-rate">
      <h2 id="money-rate">{t("money.desk_rates_title")}</h2>
      <Field
        label={t("money.desk_rate_per_usd")}
        dir="ltr"
        inputMode="decimal"
        value={perUsd}
        onChange={(e) => setPerUsd(e.target.value)}
        errors={problem?.fields.perUsd}
      />
      <Field
        label={t("money.desk_rate_source")}
        value={source}
        onChange={(e) => setSource(e.target.value)}
        errors={problem?.fields.source}
      />
      <Field
        label={t("money.desk_rate_date")}
        type="date"
        value={effectiveOn}
        onChange={(e) => setEffectiveOn(e.target.value)}
        errors={problem?.fields.effectiveOn}
      />
      <Button type="submit" disabled={loading}>
        {t("money.desk_rate_save")}
      </Button>
    </form>
  );
}

/** /management/payments: transfers waiting for their money, withdrawals to send, refunds and the LBP rate (moderators and admins). */
export default function PaymentsDeskPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  useDocumentTitle(t("money.desk_title"));
  const access = usePaymentsDeskAccessQuery({ fetchPolicy: "cache-and-network" });
  const allowed = access.data?.viewer?.can.handlePayments ?? false;
  const { data, loading, error, refetch } = usePaymentsDeskQuery({ fetchPolicy: "cache-and-network", skip: !allowed });
  if (access.loading && !access.data) return <Skeleton label={t("common.loading")} variant="card" />;
  if (!allowed) return <EmptyState title={t("money.desk_not_allowed")} icon="🔒" />;
  if (error && !data) return <LoadFailed error={error} onRetry={() => refetch()} />;
  if (loading && !data) return <Skeleton label={t("common.loading")} variant="card" />;
  const desk = data!.paymentsDesk;
  const reload = () => void refetch();
  return (
    <section className="page money-page" aria-labelledby="desk-title">
      <h1 id="desk-title">{t("money.desk_title")}</h1>
      <h2>{t("money.desk_pending_title")}</h2>
      {desk.pendingPayments.length === 0 ? (
        <p className="muted">{t("money.desk_pending_none")}</p>
      ) : (
        <ul className="money-list">
          {desk.pendingPayments.map((p) => (
            <ConfirmRow key={p.id} payment={p} onDone={reload} />
          ))}
        </ul>
      )}
      <h2>{t("money.desk_payouts_title")}</h2>
      {desk.requestedPayouts.length === 0 ? (
        <p className="muted">{t("money.desk_payouts_none")}</p>
      ) : (
        <ul className="money-list">
          {desk.requestedPayouts.map((p) => (
            <PayoutRow key={p.id} payout={p} onDone={reload} />
          ))}
        </ul>
      )}
      <h2>{t("money.desk_confirmed_title")}</h2>
      <ul className="money-list">
        {desk.confirmedPayments.map((p) => (
          <RefundRow key={p.id} payment={p} onDone={reload} />
        ))}
      </ul>
      <RateForm onDone={reload} />
      {desk.rates.length > 0 && (
        <ul className="money-list">
          {desk.rates.map((r) => (
            <li key={r.id}>
              <bdi dir="ltr">1 USD = {r.perUsd} LBP</bdi> · {r.source} · {formatDate(r.effectiveOn, lang)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
