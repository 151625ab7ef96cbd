/**
 * Pure GEDCOM core (no database): read 5.5 / 5.5.1 / 5.5.5 / 7.0 and GEDZIP as a stream of record
 * trees, convert 5.x to 7.0, and write 7.0 or 5.5.1 (and GEDZIP). See README.md in this folder.
 */
export * from "./model.js";
export { readGedcom, readGedcomAll, parseVersion, type ReadOptions } from "./reader.js";
export {
  detectEncoding,
  createDecoder,
  charsetToEncoding,
  LOOKAHEAD_BYTES,
  type DetectedEncoding,
  type StreamDecoder,
} from "./encoding.js";
export { AnselDecoder } from "./ansel.js";
export { LineSplitter, parseLine, type GedcomLine, type TokenizedLine } from "./lines.js";
export { RecordAssembler, walk, child, decodeValues } from "./records.js";
export { Converter } from "./convert.js";
export { convertDate, convertAge, convertLang, convertMediaForm, convertFilePath, convertTextEscapes } from "./convert-values.js";
export { writeGedcom, writeGedcomString, writeRecord, headFor, type WriteOptions } from "./writer.js";
export { downgradeRecord } from "./downgrade.js";
export { readGedzip, writeGedzip, type GedzipMedia, type GedzipReadOptions } from "./gedzip.js";
