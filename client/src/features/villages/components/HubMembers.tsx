import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useAuth } from "../../../app/auth/useAuth";
import { Badge } from "../../../ui/Badge";
import { EmptyState } from "../../../ui/EmptyState";
import { useVillageMembersQuery } from "../generated";

/**
 * Members whose roots include the village and who chose to be listed (a setting, off by
 * default), with the kind of tie only; for signed-in members, so people from one village find each other.
 */
export function HubMembers({ villageId }: { villageId: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status === "signedIn";
  const { data } = useVillageMembersQuery({ variables: { villageId }, skip: !signedIn, fetchPolicy: "cache-and-network" });
  const members = data?.villageMembers ?? [];
  return (
    <div className="village-members" data-testid="village-members">
      <h3>{t("hub.members")}</h3>
      <p className="muted">{t("hub.members_intro")}</p>
      {!signedIn ? (
        <p>
          <Link to="/auth">{t("hub.members_sign_in")}</Link>
        </p>
      ) : members.length === 0 ? (
        <EmptyState title={t("hub.members_none")} />
      ) : (
        <ul className="hub-list">
          {members.map((m) => (
            <li key={m.id} className="village-member">
              <strong>
                <bdi>{m.displayName}</bdi>
              </strong>{" "}
              <Badge tone={m.isViewer ? "green" : "neutral"}>{m.isViewer ? t("hub.you") : t(`hub.tie_${m.tie}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
      {signedIn && (
        <p className="muted">
          <Link to="/settings">{t("hub.members_opt_in")}</Link>
        </p>
      )}
    </div>
  );
}
