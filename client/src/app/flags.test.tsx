import { act, render, screen } from "@testing-library/react";
import { MemoryRouter, useRoutes } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseTranslations } from "../i18n/csv";
import { changeLanguage, initI18n } from "../i18n/index";
import csvText from "../i18n/translations.csv?raw";
import { featureFlags } from "./flags";
import { routes } from "./router";

function Shell() {
  return useRoutes(routes);
}
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell />
    </MemoryRouter>,
  );
const navLinks = () => screen.getByRole("navigation", { name: "Main navigation" }).querySelectorAll("a");
/** Text without the bidi isolates i18n puts around interpolated names. */
const plain = (el: Element) => (el.textContent ?? "").replace(/[\u2068\u2069]/g, "");
const navLabels = () => [...navLinks()].map((a) => a.textContent);

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
  await changeLanguage("en");
});
afterEach(() => featureFlags.set(null));

describe("feature flags in the shell", () => {
  it("the header hides the links of a switched-off area and shows them again when it is back on", async () => {
    featureFlags.set([
      { key: "familyTree", enabled: false },
      { key: "villageHubs", enabled: false },
    ]);
    renderAt("/about");
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    expect(navLabels()).not.toContain("TreeBuilder");
    expect(navLabels()).toContain("Villages");
    act(() => featureFlags.set([{ key: "familyTree", enabled: true }]));
    expect(navLabels()).toContain("TreeBuilder");
  });

  it("before the flags load, every link shows (the server still refuses what is off)", async () => {
    renderAt("/about");
    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    expect(navLabels()).toContain("TreeBuilder");
  });

  it("a route of a switched-off area shows the switched-off page, in the reader's language", async () => {
    featureFlags.set([{ key: "familyTree", enabled: false }]);
    renderAt("/family-tree");
    const page = await screen.findByTestId("switched-off");
    expect(page.querySelector("h1")?.textContent).toBe("This part of the site is switched off");
    expect(plain(page)).toContain("Family tree is not available right now.");
    await act(() => changeLanguage("fr"));
    expect(page.querySelector("h1")?.textContent).toBe("Cette partie du site est désactivée");
    await act(() => changeLanguage("en"));
  });

  it("a route's own flag counts beside its area's: the root hubs need villageHubs", async () => {
    featureFlags.set([{ key: "villageHubs", enabled: false }]);
    renderAt("/root-hubs");
    expect(plain(await screen.findByTestId("switched-off"))).toContain("Village hubs is not available right now.");
  });
});
