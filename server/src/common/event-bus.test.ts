import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";

describe("the in-process event bus", () => {
  it("takes a thousand subscribers of one topic without a listener-leak warning, and reaches each", () => {
    // In a process of its own: Node prints the warning on the real process's stderr, after the fact.
    const bus = fileURLToPath(new URL("./event-bus.ts", import.meta.url));
    const code = `
      const { createEventBus } = await import(${JSON.stringify(bus)});
      const bus = createEventBus();
      const subscribers = Array.from({ length: 1000 }, () => bus.subscribe("topic")[Symbol.asyncIterator]());
      const firsts = subscribers.map((s) => s.next());
      bus.publish("topic", 1);
      const got = await Promise.all(firsts);
      await Promise.all(subscribers.map((s) => s.return()));
      await new Promise((r) => setTimeout(r, 100));
      // A string: Node colours a logged number when FORCE_COLOR is set (as jest sets it for a colour terminal).
      console.log(String(got.filter((r) => r.value === 1).length));`;
    const run = spawnSync(process.execPath, ["--import", "@swc-node/register/esm-register", "--input-type=module", "-e", code], {
      encoding: "utf8",
      env: { ...process.env, SWC_NODE_PROJECT: "server/tsconfig.json", NODE_OPTIONS: "" },
    });
    expect(run.stdout.trim()).toBe("1000");
    expect(run.stderr).not.toContain("MaxListenersExceededWarning");
  });
});
