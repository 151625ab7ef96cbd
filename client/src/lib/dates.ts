/**
 * The date parser the server validates and stores with (server/src/modules/genealogy/dates), the
 * one copy: the client reads a date with it to show how it understood it before saving. The only
 * way into the server's code (eslint.boundaries.js).
 */
export {
  parseGenealogicalDate,
  type DateForm,
  type DatePoint,
  type GenealogicalDate,
} from "../../../server/src/modules/genealogy/dates/index.js";
