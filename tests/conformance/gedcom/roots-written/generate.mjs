#!/usr/bin/env node
// Writes the GEDCOM files of this folder: `node tests/conformance/gedcom/roots-written/generate.mjs`.
// They were written for Roots (see ../SOURCES.md) to test what the GEDCOM 5.5 "torture" files of
// other authors tested, under terms that let the project use them. The files are committed and
// kept byte for byte; this script says how they were made and makes them again the same.
import { writeFileSync } from "node:fs";
import { everyTag } from "./every-tag.mjs";
import { serialise } from "./gedcom-writer.mjs";
import { tagTorture } from "./tag-torture.mjs";

const here = (name) => new URL(name, import.meta.url);
// The tag torture file in four forms, as the GEDitCOM files came: CR or CRLF line ends, with
// two NAME structures on the person with every tag, or one (some programs stumble on the second).
for (const [name, eol, twoNames] of [
  ["tag-torture-55.ged", "\r", true],
  ["tag-torture-55-crlf.ged", "\r\n", true],
  ["tag-torture-55-one-name.ged", "\r", false],
  ["tag-torture-55-one-name-crlf.ged", "\r\n", false],
]) {
  writeFileSync(here(name), serialise(tagTorture({ file: name, twoNames }), { eol, width: 90, emptyCont: "CONT " }));
}
writeFileSync(here("every-tag-55.ged"), serialise(everyTag(), { eol: "\n", width: 248 }));
