import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { apiProblem } from "../../../lib/apiErrors";
import { readNumber } from "../../../lib/digits";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { Card } from "../../../ui/Card";
import { Skeleton } from "../../../ui/Skeleton";
import { NumberInput } from "../../../ui/NumberInput";
import { showToast } from "../../../ui/toast";
import type { BallotSettingsQuery } from "../../../gql/graphql";
import { useBallotSettingsQuery, useUpdateBallotSettingsMutation } from "../generated";

type Rules = Omit<BallotSettingsQuery["ballotSettings"], "changed" | "editable" | "hideBreakdown" | "__typename">;
const FIELDS = ["coolingHours", "minOpenDays", "quorumPercent", "quorumMin"] as const;
const LIMITS: Record<keyof Rules, { min: number; max: number }> = {
  coolingHours: { min: 0, max: 2160 },
  minOpenDays: { min: 1, max: 90 },
  quorumPercent: { min: 0, max: 100 },
  quorumMin: { min: 1, max: 1_000_000 },
};

/**
 * The current rootspace's ballot rules: cooling-off, shortest open time, quorum, and whether the
 * yes/no/abstain breakdown waits for the close. Anyone sees
 * them; whoever administers the rootspace changes them (the server checks). A change reaches
 * ballots started after it only, as the note says.
 */
export function BallotSettingsSection() {
  const { t } = useTranslation();
  const { data, loading } = useBallotSettingsQuery();
  const [update, saving] = useUpdateBallotSettingsMutation();
  const [form, setForm] = useState<Record<keyof Rules, string> | null>(null);
  const [hideBreakdown, setHideBreakdown] = useState(false);
  const settings = data?.ballotSettings;
  useEffect(() => {
    if (settings) {
      setForm(Object.fromEntries(FIELDS.map((f) => [f, String(settings[f])])) as Record<keyof Rules, string>);
      setHideBreakdown(settings.hideBreakdown);
    }
  }, [settings]);
  const problem = apiProblem(saving.error, t("errors.network"));
  if (loading || !settings || !form) return <Skeleton label={t("common.loading")} variant="card" />;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const input = { ...Object.fromEntries(FIELDS.map((f) => [f, readNumber(form[f])])), hideBreakdown };
    const res = await update({ variables: { input } }).catch(() => null);
    if (res?.data) showToast({ titleKey: "rootspace.ballot_settings.saved" });
  };
  return (
    <Card title={t("rootspace.ballot_settings.title")} titleId="ballot-settings" className="ballot-settings">
      <p className="muted">
        {t("rootspace.ballot_settings.intro")}{" "}
        {!settings.changed && <Badge tone="neutral">{t("rootspace.ballot_settings.defaults")}</Badge>}
      </p>
      <form onSubmit={save}>
        {FIELDS.map((f) => (
          <NumberInput
            key={f}
            label={t(`rootspace.ballot_settings.${f}`)}
            hint={t("rootspace.ballot_settings.range", LIMITS[f])}
            required
            readOnly={!settings.editable}
            value={form[f]}
            onChange={(e) => setForm({ ...form, [f]: e.target.value })}
            errors={problem?.fields[f]}
          />
        ))}
        <label className="ballot-check">
          <input
            type="checkbox"
            checked={hideBreakdown}
            disabled={!settings.editable}
            aria-describedby="ballot-settings-hide-breakdown-hint"
            onChange={(e) => setHideBreakdown(e.target.checked)}
          />{" "}
          {t("rootspace.ballot_settings.hideBreakdown")}
        </label>
        <p className="muted" id="ballot-settings-hide-breakdown-hint">
          {t("rootspace.ballot_settings.hideBreakdown_hint")}
        </p>
        {problem && !Object.keys(problem.fields).length && (
          <p className="form-error" role="alert">
            {problem.message}
          </p>
        )}
        <p className="muted">{t("rootspace.ballot_settings.new_only")}</p>
        {settings.editable && (
          <Button variant="primary" type="submit" disabled={saving.loading}>
            {t("rootspace.ballot_settings.save")}
          </Button>
        )}
      </form>
    </Card>
  );
}
