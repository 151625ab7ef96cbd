import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { useAuth } from "../../../app/auth/useAuth";
import { useRelationshipQuery, useViewerPersonQuery } from "../generated";

/**
 * Under the person's name: what they are to the reader ("Your paternal uncle" → عمّك: عم),
 * from the member's "This is me" record, in the reader's language. A member with no such
 * record is gently told how to get one; a visitor sees nothing.
 */
export function KinshipLine({ personId, isViewer }: { personId: string; isViewer: boolean }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status === "signedIn";
  const viewer = useViewerPersonQuery({ fetchPolicy: "cache-first", skip: !signedIn });
  const me = viewer.data?.viewerPerson ?? null;
  const rel = useRelationshipQuery({ variables: { a: me?.id ?? "", b: personId }, skip: !me || isViewer || me.id === personId });
  if (!signedIn || isViewer || !viewer.data) return null;
  if (!me)
    return (
      <p className="muted kinship-line" data-testid="kinship-prompt">
        {t("relationship.set_me_prompt")}
      </p>
    );
  const r = rel.data?.relationship;
  if (!r || me.id === personId) return null;
  return (
    <p className="kinship-line" data-testid="kinship-line">
      <span className="muted">{t("relationship.to_you")}</span>{" "}
      <strong data-testid="kinship-name">{r.related ? r.names[currentLanguage()] : t("relationship.not_related")}</strong>
    </p>
  );
}
