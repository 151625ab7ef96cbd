import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { session } from "../../../app/auth/session";
import { useAuth } from "../../../app/auth/useAuth";
import { changeDigits } from "../../../i18n";
import { DIGIT_STYLES, digitStyle, onDigitStyleChange, type DigitStyle } from "../../../i18n/digits";
import { formatDate } from "../../../lib/format";
import { useUpdateProfileMutation } from "../generated";

/** A date to show the choice on, as an Arabic page writes it. */
const EXAMPLE = new Date(Date.UTC(1948, 2, 12));

/**
 * Settings: the digits Arabic pages write numbers and dates with (0123, the default, or ٠١٢٣).
 * Kept in this browser at once, and in the member's profile beside their language.
 */
export function DigitsSection() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [update] = useUpdateProfileMutation();
  const style = useSyncExternalStore(onDigitStyleChange, digitStyle, () => "latn" as const);
  const choose = async (next: DigitStyle) => {
    changeDigits(next);
    if (auth.status !== "signedIn") return;
    const res = await update({ variables: { input: { digits: next } } }).catch(() => null);
    if (res?.data) session.setViewer(res.data.updateProfile);
  };
  return (
    <section className="card" aria-labelledby="settings-digits" data-testid="settings-digits">
      <h2 id="settings-digits">{t("settings.digits")}</h2>
      <p className="muted">{t("settings.digits_hint")}</p>
      <div className="tabs">
        {DIGIT_STYLES.map((s) => (
          <button
            key={s}
            type="button"
            className={style === s ? "tab tab--active" : "tab"}
            aria-pressed={style === s}
            onClick={() => void choose(s)}
          >
            {t(`digits.${s}`)}
          </button>
        ))}
      </div>
      <p lang="ar" dir="rtl" data-testid="digits-example">
        {formatDate(EXAMPLE, "ar", { dateStyle: "long", timeZone: "UTC" })}
      </p>
    </section>
  );
}
