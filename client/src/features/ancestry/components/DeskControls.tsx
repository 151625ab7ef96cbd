import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { DocumentRequestFieldsFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { runtimeKey } from "../../../i18n/typed";
import { apiProblem } from "../../../lib/apiErrors";
import { formatMoney, parseMoneyInput } from "../../../lib/format";
import { useIdempotencyKey } from "../../../lib/useIdempotencyKey";
import { Button } from "../../../ui/Button";
import { Field } from "../../../ui/Field";
import { SelectField } from "../../../ui/SelectField";
import { showToast } from "../../../ui/toast";
import { useAssignDocumentRequestMutation, useDocumentOfficersQuery, useRefundDocumentFeeMutation } from "../generated";

type Request = DocumentRequestFieldsFragment;

/** Moderators and admins give a request to an officer of the desk. */
export function AssignControl({ r, onDone }: { r: Request; onDone: () => void }) {
  const { t } = useTranslation();
  const officers = useDocumentOfficersQuery({ fetchPolicy: "cache-first" });
  const [officerId, setOfficerId] = useState("");
  const [assign, assigning] = useAssignDocumentRequestMutation();
  const problem = apiProblem(assigning.error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await assign({ variables: { id: r.id, officerId } }).catch(() => null);
    if (res?.data) {
      showToast({ titleKey: "ancestry.assigned_toast" });
      setOfficerId("");
      onDone();
    }
  };
  return (
    <form className="ancestry-filters" onSubmit={submit}>
      <SelectField
        label={t("ancestry.assign_to")}
        value={officerId}
        onChange={(e) => setOfficerId(e.target.value)}
        errors={problem?.fields.officerId}
      >
        <option value="">{t("ancestry.choose_officer")}</option>
        {(officers.data?.documentOfficers ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.displayName}
          </option>
        ))}
      </SelectField>
      <Button type="submit" disabled={!officerId || assigning.loading}>
        {t("ancestry.assign")}
      </Button>
      {problem && !problem.fields.officerId && <p role="alert">{problem.message}</p>}
    </form>
  );
}

/** Moderators and admins refund part or all of a paid fee to the member's wallet (once per key, never more than the fee). */
export function RefundControl({ r, onDone }: { r: Request; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const refundable = r.lines.filter((l) => l.status === "posted" && BigInt(l.refundedUsd) < BigInt(l.usd));
  const [lineId, setLineId] = useState(refundable[0]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const minor = parseMoneyInput(amount);
  const idem = useIdempotencyKey(`ancestry-refund:${lineId}:${minor}:${reason}`);
  const [refund, refunding] = useRefundDocumentFeeMutation();
  const problem = apiProblem(refunding.error, t("errors.network"));
  if (!refundable.length) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!minor) return;
    const res = await refund({ variables: { input: { lineId, amount: minor, reason, idempotencyKey: idem.key } } }).catch(() => null);
    if (res?.data) {
      idem.done();
      showToast({ titleKey: "ancestry.refunded_toast" });
      setAmount("");
      setReason("");
      onDone();
    }
  };
  return (
    <form className="ancestry-form" onSubmit={submit}>
      <SelectField label={t("ancestry.fees_title")} value={lineId} onChange={(e) => setLineId(e.target.value)}>
        {refundable.map((l) => (
          <option key={l.id} value={l.id}>
            {t(runtimeKey(`ancestry.line_${l.kind}`))} · {formatMoney((BigInt(l.usd) - BigInt(l.refundedUsd)).toString(), "USD", lang)}
          </option>
        ))}
      </SelectField>
      <Field
        label={t("ancestry.refund_amount")}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        errors={problem?.fields.amount}
      />
      <Field
        label={t("ancestry.refund_reason")}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        errors={problem?.fields.reason}
      />
      <Button type="submit" disabled={!minor || !reason.trim() || refunding.loading}>
        {t("ancestry.refund")}
      </Button>
      {problem && !problem.fields.amount && !problem.fields.reason && <p role="alert">{problem.message}</p>}
    </form>
  );
}
