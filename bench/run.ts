// `npm run bench`: every benchmark; `npm run bench -- genealogy` (or `rootspaces`, `gedcom`, `chart`, `ui`, `media`, `rootpedia`, `ballots`, `reimport`, `abuse`, `money`, `ancestry`, `partners`) runs one.
// Exits non-zero when a goal is missed.
import { spawnSync } from "node:child_process";
import { ensureTestDatabaseServer } from "../tests/support/embedded-test-db.js";
import { benchAbuse } from "./abuse.js";
import { benchAncestry } from "./ancestry.js";
import { benchBallots } from "./ballots.js";
import { benchChart } from "./chart.js";
import { benchGedcom } from "./gedcom.js";
import { benchGenealogy } from "./genealogy.js";
import { benchMedia } from "./media.js";
import { benchMoney } from "./money.js";
import { benchPartners } from "./partners.js";
import { benchReimport } from "./reimport.js";
import { benchRootpedia } from "./rootpedia.js";
import { benchRootspaces } from "./rootspaces.js";
import { benchUi } from "./ui.js";

const BENCHES: Record<string, (serverUrl: string) => Promise<boolean>> = {
  rootspaces: benchRootspaces,
  genealogy: benchGenealogy,
  gedcom: benchGedcom,
  chart: benchChart,
  ui: benchUi,
  media: benchMedia,
  rootpedia: benchRootpedia,
  ballots: benchBallots,
  reimport: benchReimport,
  abuse: benchAbuse,
  money: benchMoney,
  ancestry: benchAncestry,
  partners: benchPartners,
};
const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = wanted.filter((w) => !BENCHES[w]);
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(BENCHES).join(", ")}`);
  process.exit(2);
}

const build = spawnSync("npm", ["run", "-s", "build", "-w", "server"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

const dbServer = await ensureTestDatabaseServer();
try {
  let ok = true;
  for (const name of wanted.length ? wanted : Object.keys(BENCHES)) ok = (await BENCHES[name](dbServer.url)) && ok;
  process.exitCode = ok ? 0 : 1;
} finally {
  await dbServer.stop();
}
