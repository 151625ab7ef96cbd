import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { changeLanguage, currentLanguage } from "../../../i18n";
import { isLanguage, LANGUAGES } from "../../../i18n/languages";
import { apiProblem } from "../../../lib/apiErrors";
import { formatDateTime } from "../../../lib/format";
import { Field } from "../../../ui/Field";
import { showToast } from "../../../ui/toast";
import { session } from "../../../app/auth/session";
import { useAuth } from "../../../app/auth/useAuth";
import { NotificationSettings } from "../../notifications";
import { MediaAllowanceSection } from "../../media";
import { DigitsSection } from "../components/DigitsSection";
import {
  useChangePasswordMutation,
  useMySessionsQuery,
  useMyVillageListingQuery,
  useRevokeSessionMutation,
  useUpdateProfileMutation,
} from "../generated";
import { useDocumentTitle } from "../../../ui/useDocumentTitle";
import { Button } from "../../../ui/Button";
import { Skeleton } from "../../../ui/Skeleton";
import { Badge } from "../../../ui/Badge";

function ProfileSection() {
  const { t } = useTranslation();
  const auth = useAuth();
  const viewer = auth.status === "signedIn" ? auth.viewer : null;
  const [name, setName] = useState(viewer?.displayName ?? "");
  const [village, setVillage] = useState(viewer?.villageOfOrigin ?? "");
  const listing = useMyVillageListingQuery({ fetchPolicy: "network-only" });
  const [listedChoice, setListed] = useState<boolean | null>(null);
  const listed = listedChoice ?? listing.data?.viewer?.showInVillageMembers ?? false;
  const [update, { loading, error }] = useUpdateProfileMutation();
  const problem = apiProblem(error, t("errors.network"));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const res = await update({
      variables: { input: { displayName: name.trim(), villageOfOrigin: village.trim() || null, showInVillageMembers: listed } },
    }).catch(() => null);
    if (res?.data) {
      session.setViewer(res.data.updateProfile);
      showToast({ titleKey: "settings.saved" });
    }
  };
  return (
    <form className="card" onSubmit={save} aria-labelledby="settings-profile">
      <h2 id="settings-profile">{t("settings.profile")}</h2>
      <Field label={t("auth.display_name")} value={name} onChange={(e) => setName(e.target.value)} errors={problem?.fields.displayName} />
      <Field
        label={t("auth.village_of_origin")}
        value={village}
        onChange={(e) => setVillage(e.target.value)}
        errors={problem?.fields.villageOfOrigin}
      />
      <label>
        <input
          type="checkbox"
          checked={listed}
          onChange={(e) => setListed(e.target.checked)}
          aria-describedby="settings-listed-hint"
          data-testid="show-in-village-members"
        />{" "}
        {t("settings.show_in_village_members")}
      </label>
      <p className="muted" id="settings-listed-hint">
        {t("settings.show_in_village_members_hint")}
      </p>
      <Button variant="primary" type="submit" disabled={loading}>
        {t("settings.save")}
      </Button>
    </form>
  );
}

function LanguageSection() {
  const { t } = useTranslation();
  const [update] = useUpdateProfileMutation();
  const choose = async (code: string) => {
    if (!isLanguage(code)) return;
    await changeLanguage(code);
    const res = await update({ variables: { input: { preferredLanguage: code } } }).catch(() => null);
    if (res?.data) session.setViewer(res.data.updateProfile);
  };
  return (
    <section className="card" aria-labelledby="settings-language">
      <h2 id="settings-language">{t("lang.label")}</h2>
      <div className="tabs">
        {LANGUAGES.map((l) => (
          <button
            key={l.code}
            type="button"
            lang={l.code}
            className={currentLanguage() === l.code ? "tab tab--active" : "tab"}
            aria-pressed={currentLanguage() === l.code}
            onClick={() => void choose(l.code)}
          >
            {t(`lang.${l.code}`)}
          </button>
        ))}
      </div>
    </section>
  );
}

function SessionsSection() {
  const { t } = useTranslation();
  /** "Chrome on Linux", "Chrome", "Linux" or "Unknown device", in the reader's language. */
  const deviceName = (s: { browser: string | null; os: string | null }) =>
    s.browser && s.os ? t("settings.device_on", { browser: s.browser, os: s.os }) : (s.browser ?? s.os ?? t("settings.unknown_device"));
  const lang = currentLanguage();
  const { data, loading, refetch } = useMySessionsQuery({ fetchPolicy: "network-only" });
  const [revoke] = useRevokeSessionMutation();
  return (
    <section className="card" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions">{t("settings.sessions")}</h2>
      {loading && <Skeleton label={t("common.loading")} />}
      <ul className="sessions" data-testid="sessions">
        {data?.mySessions.map((s) => (
          <li key={s.id}>
            <div>
              <strong data-testid="device-name">
                <bdi>{deviceName(s)}</bdi>
              </strong>{" "}
              {s.current && <Badge tone="green">{t("settings.this_device")}</Badge>}
              <div className="muted">{t("settings.last_seen", { date: formatDateTime(s.lastSeenAt ?? s.createdAt, lang) })}</div>
            </div>
            {!s.current && (
              <Button
                type="button"
                onClick={async () => {
                  await revoke({ variables: { id: s.id } }).catch(() => null);
                  await refetch();
                }}
              >
                {t("settings.sign_out_device")}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [notices, setNotices] = useState<string[]>([]);
  const [change, { loading, error }] = useChangePasswordMutation();
  const problem = apiProblem(error, t("errors.network"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await change({ variables: { input: { currentPassword: current, newPassword: next } } }).catch(() => null);
    if (res?.data) {
      setNotices(res.data.changePassword.map((n) => n.message));
      setCurrent("");
      setNext("");
      showToast({ titleKey: "settings.password_changed" });
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="settings-password">
      <h2 id="settings-password">{t("settings.password")}</h2>
      <Field
        label={t("settings.current_password")}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        errors={problem?.fields.currentPassword}
      />
      <Field
        label={t("settings.new_password")}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        errors={problem?.fields.password ?? problem?.fields.newPassword}
        hint={t("auth.password_hint")}
      />
      {notices.map((n) => (
        <p key={n} className="notice">
          {n}
        </p>
      ))}
      <Button variant="primary" type="submit" disabled={loading}>
        {t("settings.change_password")}
      </Button>
    </form>
  );
}

/** /settings: profile, language and digits, notifications, pictures, signed-in devices and password. */
export default function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("settings.title"));
  return (
    <section className="page">
      <h1>{t("settings.title")}</h1>
      <ProfileSection />
      <LanguageSection />
      <DigitsSection />
      <NotificationSettings />
      <MediaAllowanceSection />
      <SessionsSection />
      <PasswordSection />
      <p>
        <Link to="/settings/oauth-info">{t("settings.oauth_link")}</Link>
      </p>
    </section>
  );
}
