import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LtrValue } from "../../../ui/BidiText";
import { Button } from "../../../ui/Button";

/** A code to keep (a receipt, a nonce): shown whole, left to right, with a button that copies it. */
export function CopyCode({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-code">
      <span className="copy-code__label">{label}</span>
      <code className="copy-code__value" data-testid={testId}>
        <LtrValue>{value}</LtrValue>
      </code>
      <Button
        size="sm"
        type="button"
        aria-label={t("ballots.copy_named", { name: label })}
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {t(copied ? "ballots.copied" : "ballots.copy")}
      </Button>
    </div>
  );
}
