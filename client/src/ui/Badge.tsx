import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "../i18n/typed";
import "./feedback.css";

export type BadgeTone = "neutral" | "primary" | "green" | "gold" | "red" | "orange";
export type Provenance = "VERIFIED" | "COMMUNITY" | "AI_INFERRED";

/** A small label beside a name or an item: a kind, a state, a count. */
export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

const PROVENANCE: Record<Provenance, { tone: BadgeTone; key: TranslationKey; mark: string }> = {
  VERIFIED: { tone: "green", key: "provenance.verified", mark: "✓" },
  COMMUNITY: { tone: "gold", key: "provenance.community", mark: "●" },
  AI_INFERRED: { tone: "orange", key: "provenance.ai_inferred", mark: "◆" },
};

/** Where a record comes from (spec: Verified, Community, AI-inferred), in colour and in words. */
export function ProvenanceBadge({ provenance }: { provenance: Provenance }) {
  const { t } = useTranslation();
  const p = PROVENANCE[provenance] ?? PROVENANCE.COMMUNITY;
  return (
    <Badge tone={p.tone}>
      <span aria-hidden="true">{p.mark}</span> {t(p.key)}
    </Badge>
  );
}
