import "./avatar.css";
import { initials } from "./initials";

const TONES = ["primary", "green", "gold", "red"] as const;
/** The same name always gets the same colour. */
const toneOf = (name: string) => TONES[[...name].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7) % TONES.length];

/**
 * A round mark with a person's portrait, or their initials in their name's script (see `initials`). Beside a
 * visible name it is decoration (hidden from screen readers); alone, pass `labelled` and it
 * reads as the name.
 */
export function Avatar({
  name,
  size = "md",
  labelled = false,
  photo,
}: {
  name: string;
  size?: "sm" | "md" | "lg" | "xl";
  labelled?: boolean;
  /** A portrait's thumbnail link: shown instead of the initials. */
  photo?: string | null;
}) {
  return (
    <span
      className={`avatar avatar--${size} avatar--${toneOf(name)}${photo ? " avatar--photo" : ""}`}
      {...(labelled ? { role: "img", "aria-label": name } : { "aria-hidden": true })}
      dir="auto"
    >
      {photo ? <img src={photo} alt="" loading="lazy" decoding="async" /> : initials(name)}
    </span>
  );
}
