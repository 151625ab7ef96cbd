import { describe, expect, it, vi } from "vitest";
import { lazyPage } from "./area";
import { AREAS } from "./areas";
import { preloadRoute } from "./preload";

describe("preloading the opened route", () => {
  it("imports a lazy page once, whether preloaded first or rendered first", async () => {
    const load = vi.fn(async () => ({ default: () => null }));
    const page = lazyPage(load);
    await page.preload!();
    await page.preload!();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("starts the page of the path opened, by the same matching the router uses", async () => {
    const village = AREAS.flatMap((a) => a.routes).find((r) => r.path === "/libanpedia/:villageId")!;
    const villages = AREAS.flatMap((a) => a.routes).find((r) => r.path === "/villages")!;
    const spyVillage = vi.spyOn(village.page, "preload");
    const spyVillages = vi.spyOn(villages.page, "preload");
    // Every load it starts is awaited, so none outlives the test's environment.
    await preloadRoute("/libanpedia/zahle");
    expect(spyVillage).toHaveBeenCalledTimes(1);
    expect(spyVillages).not.toHaveBeenCalled();
    await preloadRoute("/no/such/page");
    expect(spyVillages).not.toHaveBeenCalled();
  });

  it("gives every area page a preload", () => {
    const without = AREAS.flatMap((a) => a.routes.filter((r) => !r.page.preload).map((r) => r.path));
    expect(without).toEqual([]);
  });
});
