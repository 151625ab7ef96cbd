/**
 * The design system's stylesheets, loaded once by the entry: the Arabic text face, tokens, then every
 * component's own file (each component imports its file too, so it also stands alone; Vite
 * keeps one copy). Pages that still write the class names (`button`, `card`) get the same look.
 */
import "./text-face.css";
import "./tokens.css";
import "../button.css";
import "../field.css";
import "../card.css";
import "../tabs.css";
import "../dialog.css";
import "../feedback.css";
import "../toast.css";
import "../avatar.css";
import "../data-table.css";
import "../facts.css";
