import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe as the browser tests run it: its default rules and target-size (WCAG 2.2's 24 px target, or
 * room around it; axe leaves it off by default). Issue #44.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).options({ rules: { "target-size": { enabled: true } } });

/** axe on the page as it stands: no serious or critical violation, each named with its elements. */
export async function expectNoSeriousAxe(page: Page, name: string): Promise<void> {
  const result = await axeOn(page).analyze();
  const severe = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    severe.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    name,
  ).toEqual([]);
}
