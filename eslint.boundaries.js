// The import boundaries ESLint keeps (import/no-restricted-paths), computed from the folders so
// that a new area is covered the day it is created. tests/repo/boundaries.test.ts proves the rules bite.
import { readdirSync } from "node:fs";

const dirs = (path) =>
  readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** Each area may import another only through that area's public `index.ts`. */
function areaZones(root, publicFiles) {
  const areas = dirs(root);
  return areas.map((area) => ({
    target: `${root}/${area}`,
    from: root,
    except: [`./${area}`, ...areas.filter((other) => other !== area).flatMap((other) => publicFiles.map((file) => `./${other}/${file}`))],
    message: `An area uses another only through its public index (${root}/<area>/index).`,
  }));
}

export function boundaryZones() {
  const server = "server/src";
  const client = "client/src";
  return [
    ...areaZones(`${server}/modules`, ["index.ts"]),
    { target: `${server}/modules`, from: `${server}/app`, message: "Areas never import the app layer: app/ assembles the areas." },
    {
      target: `${server}/common`,
      from: [`${server}/modules`, `${server}/app`, `${server}/db`],
      message: "common/ is below every area and the app: it imports neither.",
    },
    ...areaZones(`${client}/features`, ["index.ts", "index.tsx"]),
    {
      target: `${client}/app`,
      from: `${client}/features`,
      except: dirs(`${client}/features`).map((feature) => `./${feature}/area.ts`),
      message: "The app shell takes a feature's routes and links from its area.ts manifest, nothing else.",
    },
    {
      target: `${client}/features`,
      from: [`${client}/app/areas.ts`, `${client}/app/router.tsx`, `${client}/app/App.tsx`, `${client}/app/navigation.ts`],
      message: "Features do not import the shell that assembles them.",
    },
    {
      target: client,
      from: server,
      except: ["./modules/genealogy/dates"],
      message:
        "The client uses nothing of the server but its date parser (server/src/modules/genealogy/dates), through client/src/lib/dates.ts.",
    },
    {
      target: `${server}/modules/genealogy/dates`,
      from: server,
      except: ["./modules/genealogy/dates"],
      message: "The date parser is shared with the client: it imports nothing else of the server.",
    },
    {
      target: [`${client}/ui`, `${client}/lib`, `${client}/i18n`],
      from: [`${client}/features`, `${client}/app`],
      message: "ui/, lib/ and i18n/ are shared by every feature: they import no feature and not the app.",
    },
  ];
}
