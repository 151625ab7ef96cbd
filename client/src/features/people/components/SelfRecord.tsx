import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { useSetMyRecordMutation, useViewerPersonQuery } from "../generated";
import { Button } from "../../../ui/Button";
import { Badge } from "../../../ui/Badge";
import { ConfirmAction } from "../../../ui/ConfirmAction";

/**
 * "This is me": a member marks the record of themself (one they created), which lets them
 * see their close relatives' records; or says it is not them after all. A member who already
 * has a record is asked before "This is me" moves to another one.
 */
export function SelfRecord({
  person,
  onChanged,
}: {
  person: { id: string; isViewer: boolean; viewerCan: { claimAsSelf: boolean } };
  onChanged: () => unknown;
}) {
  const { t } = useTranslation();
  const [setMine, { loading, error }] = useSetMyRecordMutation({ refetchQueries: ["ViewerPerson", "TreeStart"] });
  const mine = useViewerPersonQuery({ skip: person.isViewer || !person.viewerCan.claimAsSelf }).data?.viewerPerson;
  const problem = apiProblem(error, t("errors.network"));
  if (!person.isViewer && !person.viewerCan.claimAsSelf) return null;
  const choose = async (personId: string | null) => {
    const res = await setMine({ variables: { personId } }).catch(() => null);
    if (res?.data) await onChanged();
  };
  return (
    <div className="self-record" data-testid="self-record">
      {person.isViewer ? (
        <>
          <Badge tone="green">{t("people.self_badge")}</Badge>
          <Button type="button" disabled={loading} onClick={() => choose(null)}>
            {t("people.self_clear")}
          </Button>
        </>
      ) : (
        <>
          {mine && mine.id !== person.id ? (
            <ConfirmAction
              label={t("people.self_claim")}
              question={t("people.self_move", { name: mine.displayName })}
              confirmLabel={t("people.self_claim")}
              onConfirm={async () => {
                await setMine({ variables: { personId: person.id } });
                await onChanged();
              }}
            />
          ) : (
            <Button type="button" disabled={loading} onClick={() => choose(person.id)}>
              {t("people.self_claim")}
            </Button>
          )}
          <span className="muted">{t("people.self_claim_hint")}</span>
        </>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
    </div>
  );
}
