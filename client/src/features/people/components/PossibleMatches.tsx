import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { currentLanguage } from "../../../i18n";
import { toAsciiDigits } from "../../../lib/digits";
import { listFormat } from "../../../lib/intl";
import { useDebouncedValue } from "../../../lib/useDebouncedValue";
import { useDuplicateSuggestionsQuery } from "../generated";
import { DateText } from "../../../ui/DateText";
import { lower } from "../../../i18n/typed";
import { Button } from "../../../ui/Button";

const DEBOUNCE_MS = 400;

/**
 * "Possible matches" while a person is being typed: existing people with a similar name in
 * any script (born within five years when a year is given), each with why, and a way to use
 * that person instead of creating a duplicate.
 */
export function PossibleMatches({
  fullName,
  fullNameAr,
  birthDate,
  onUse,
}: {
  fullName: string;
  fullNameAr: string;
  birthDate: string;
  onUse: (p: PersonSummaryFragment) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  // A year in any digits (حوالي ١٨٩٠, 1890).
  const year = /(?<!\d)(\d{4})(?!\d)/.exec(toAsciiDigits(birthDate))?.[1];
  // Debounced as text: a new object each render would restart the timer for ever.
  const settled = useDebouncedValue(
    JSON.stringify({ fullName: fullName.trim() || null, fullNameAr: fullNameAr.trim() || null, birthYear: year ? Number(year) : null }),
    DEBOUNCE_MS,
  );
  const input = useMemo(
    () => JSON.parse(settled) as { fullName: string | null; fullNameAr: string | null; birthYear: number | null },
    [settled],
  );
  const enough = (input.fullName?.length ?? 0) >= 3 || (input.fullNameAr?.length ?? 0) >= 3;
  const { data } = useDuplicateSuggestionsQuery({ variables: { input }, skip: !enough, fetchPolicy: "cache-and-network" });
  const matches = enough ? (data?.duplicateSuggestions ?? []) : [];
  if (!matches.length) return null;
  return (
    <section className="possible-matches" aria-live="polite" data-testid="possible-matches">
      <h3>{t("people.possible_matches")}</h3>
      <ul>
        {matches.map((m) => (
          <li key={m.person.id} className="possible-matches__item">
            <Link to={`/person/${m.person.id}`}>
              <bdi>{m.person.displayName}</bdi>
            </Link>
            {m.person.birth && (
              <>
                {" "}
                · <DateText text={m.person.birth.text} />
              </>
            )}
            <span className="muted">
              {" "}
              — {listFormat(currentLanguage(), { type: "unit" }).format(m.reasons.map((r) => t(`people.match_${lower(r)}`)))}
            </span>{" "}
            <Button type="button" onClick={() => void onUse(m.person)}>
              {t("people.use_existing")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
