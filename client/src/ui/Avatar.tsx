import "./avatar.css";
import { initials } from "./initials";

const TONES = ["primary", "green", "gold", "red"] as const;
/** The same name always gets the same colour. */
const toneOf = (name: string) => TONES[[...name].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7) % TONES.length];

/**
 * A round mark with a person's initials in their name's script (see `initials`). Beside a
 * visible name it is decoration (hidden from screen readers); alone, pass `labelled` and it
 * reads as the name.
 */
export function Avatar({ name, size = "md", labelled = false }: { name: string; size?: "sm" | "md" | "lg"; labelled?: boolean }) {
  const text = initials(name);
  return (
    <span
      className={`avatar avatar--${size} avatar--${toneOf(name)}`}
      {...(labelled ? { role: "img", "aria-label": name } : { "aria-hidden": true })}
      dir="auto"
    >
      {text}
    </span>
  );
}
