import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe on the page as it stands: no serious or critical violation, each named with its elements. */
export async function expectNoSeriousAxe(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const severe = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    severe.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    name,
  ).toEqual([]);
}
