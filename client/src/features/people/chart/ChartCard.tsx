import { memo, useId, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { PersonSummaryFragment } from "../../../gql/graphql";
import { CARD_W, type PlacedCard } from "./layout";
import { currentLanguage } from "../../../i18n";
import { dateInWords } from "../../../lib/dateText";
import { lower } from "../../../i18n/typed";
import { bandColour, isolateLtr, showsConfidence, yearOf, yearsOf } from "./treeData";

const ARABIC_FONT = "'Noto Naskh Arabic', serif";

/** Cuts a name that would not fit on a card (SVG text does not wrap). */
export const fit = (s: string, max = 26) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
/** How many letters of a name a card `w` wide holds (26 Arabic, 27 Latin on the wide 208-unit card). */
const lettersFor = (w: number, wide: number) => Math.floor((wide * w) / CARD_W);

/** Font sizes on a card; the smallest decides the zoom a chart opens at. */
export const CARD_FONTS = { ar: 16, latin: 14, years: 13 };
export const CARD_SMALLEST_FONT = Math.min(...Object.values(CARD_FONTS));

/**
 * A person drawn in SVG (so exports are exact): the Arabic and the Latin name, the years,
 * and a band in the provenance colour; private people only as "Private". The card is a
 * button: choosing it shows what can be done with that person; a double click makes them
 * the chart's focus. Without `detail` (zoomed far out) only the card's outline is drawn.
 */
export const ChartCard = memo(function ChartCard({
  card,
  person,
  selected,
  detail = true,
  onSelect,
  onRefocus,
}: {
  card: PlacedCard;
  person: PersonSummaryFragment;
  selected: boolean;
  detail?: boolean;
  onSelect: (personId: string) => void;
  onRefocus?: (personId: string) => void;
}) {
  const { t } = useTranslation();
  const clipId = useId();
  const { x, y, w, h } = card;
  // A portrait, when there is one, in a circle at the card's start (the right in Arabic); the names centre in the rest.
  const photo = detail && !person.isPrivate ? (person.portrait?.image?.thumb ?? null) : null;
  const rtl = currentLanguage() === "ar";
  const P = Math.min(44, h - 24);
  const px = rtl ? x + w - 8 - P : x + 8;
  const textW = photo ? w - P - 12 : w;
  const cx = photo ? (rtl ? x + textW / 2 : x + w - textW / 2) : x + w / 2;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onSelect(person.id);
    }
  };
  const years = yearsOf(person);
  // Read aloud and in the tooltip, the dates in words ("about 1905 – 1960"), not the card's signs;
  // a form without words (another calendar, a phrase) as the card shows it.
  const inWords = (date: PersonSummaryFragment["birth"]) =>
    date ? (dateInWords(date.text, currentLanguage(), t) ?? yearOf(date) ?? "") : "";
  const lifeInWords = years ? `${inWords(person.birth) || "?"} – ${inWords(person.death)}`.trim() : "";
  const provenance = person.provenance
    ? `${t(`provenance.${lower(person.provenance)}`)}${showsConfidence(person) ? ` · ${Math.round((person.confidence ?? 0) * 100)}%` : ""}`
    : "";
  const label = person.isPrivate
    ? person.displayName
    : [person.fullNameAr, person.fullName, lifeInWords, provenance].filter(Boolean).join(" · ");
  return (
    <g
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={label}
      data-testid="chart-card"
      data-person-id={person.id}
      data-role={card.role}
      className="chart-card"
      onClick={() => onSelect(person.id)}
      onDoubleClick={onRefocus ? () => onRefocus(person.id) : undefined}
      onKeyDown={onKey}
    >
      {detail && <title>{label}</title>}
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx={10}
        fill={person.isPrivate ? "#eef0ec" : "#ffffff"}
        stroke={selected ? "#228B22" : "#cfd6c9"}
        strokeWidth={selected ? 3 : 1.2}
        strokeDasharray={person.isPrivate ? "5 4" : undefined}
        data-selected={selected ? "" : undefined}
      />
      {!detail ? (
        <rect x={x + 10} y={y + 4} width={w - 20} height={5} rx={2.5} fill={person.isPrivate ? "#b8beb4" : bandColour(person)} />
      ) : person.isPrivate ? (
        <text x={cx} y={y + h / 2 + 5} textAnchor="middle" fontSize={15} fill="#5b6475">
          {person.displayName}
        </text>
      ) : (
        <>
          <rect x={x + 10} y={y + 4} width={w - 20} height={5} rx={2.5} fill={bandColour(person)} data-band="" />
          {photo && (
            <>
              <clipPath id={clipId}>
                <circle cx={px + P / 2} cy={y + h / 2 + 3} r={P / 2} />
              </clipPath>
              <image
                href={photo}
                x={px}
                y={y + h / 2 + 3 - P / 2}
                width={P}
                height={P}
                preserveAspectRatio="xMidYMid slice"
                clipPath={`url(#${clipId})`}
                data-portrait=""
              />
            </>
          )}
          {person.fullNameAr && (
            <text
              x={cx}
              y={y + 31}
              textAnchor="middle"
              direction="rtl"
              fontFamily={ARABIC_FONT}
              fontSize={CARD_FONTS.ar}
              fontWeight={700}
              fill="#1d2433"
              data-name="ar"
            >
              {fit(person.fullNameAr, lettersFor(textW, 26))}
            </text>
          )}
          {person.fullName && person.fullName !== person.fullNameAr && (
            <text
              x={cx}
              y={y + (person.fullNameAr ? 52 : 38)}
              textAnchor="middle"
              direction="ltr"
              fontSize={CARD_FONTS.latin}
              fill="#1d2433"
              data-name="latin"
            >
              {fit(person.fullName, lettersFor(textW, 27))}
            </text>
          )}
          {years && (
            <text x={cx} y={y + 73} textAnchor="middle" direction="ltr" fontSize={CARD_FONTS.years} fill="#4f5869">
              {isolateLtr(years)}
            </text>
          )}
        </>
      )}
    </g>
  );
});
