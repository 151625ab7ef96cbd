/**
 * Dates as people type them and records give them: the one parser, shared by the server (which
 * validates and stores with it) and the client (which shows how it read a date). Pure code with
 * no import from the rest of the server (eslint.boundaries.js keeps it so).
 */
export {
  parseGenealogicalDate,
  shownYear,
  type DateCalendar,
  type DateForm,
  type DatePoint,
  type DateQualifier,
  type GenealogicalDate,
} from "./genealogical-date.js";
export { gedcomDate, hijriMonthTag, hijriMonthUri, HIJRI_CALENDAR_TAG, HIJRI_EXTENSION_URI } from "./gedcom-date.js";
export { HIJRI_MONTH_TAGS } from "./date-words.js";
