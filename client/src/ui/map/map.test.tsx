import { fireEvent, render, screen } from "@testing-library/react";
import { geoArea } from "d3-geo";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../i18n";
import { parseTranslations } from "../../i18n/csv";
import csvText from "../../i18n/translations.csv?raw";
import { BOUNDARIES, cazaAt, cazaByName } from "./boundaries";
import { otherScriptName, pointsInCaza, type MapPoint } from "./filter";
import { clustersOfMap, pointsOfMap, type MapCaza } from "./compact";
import { LebanonMap } from "./LebanonMap";
import { fitFrame } from "./projection";
import { DRAWING, frameOf } from "./drawing";

const PLACES: MapPoint[] = [
  { id: "zahle", name: "Zahle", nameAr: "زحلة", lat: 33.8463, lng: 35.9019, district: "Zahle" },
  { id: "ehden", name: "Ehden", nameAr: "إهدن", lat: 34.2911, lng: 35.9653, district: "Zgharta" },
  { id: "beirut", name: "Beirut", lat: 33.8938, lng: 35.5018, district: null },
  { id: "tripoli", name: "Tripoli", lat: 34.4367, lng: 35.8497, district: "Tripoli" },
  { id: "saida", name: "Saida", lat: 33.5571, lng: 35.3729, district: "Saida" },
];

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
  await changeLanguage("en");
});

describe("boundaries", () => {
  it("hold Lebanon's outline, 8 mohafazat and 25 cazas, Saida derived from South Lebanon", () => {
    expect(BOUNDARIES.country.properties.name).toBe("Lebanon");
    expect(BOUNDARIES.regions).toHaveLength(8);
    expect(BOUNDARIES.cazas).toHaveLength(25);
    expect(cazaByName("Saida")?.properties).toMatchObject({ nameAr: "صيدا", region: "85673499" });
  });

  it("put each town in its own caza: Saida's border leaves Tyre in Sour and Jezzine in Jezzine", () => {
    expect(cazaAt(35.3729, 33.5571)?.properties.name).toBe("Saida");
    expect(cazaAt(35.2038, 33.2705)?.properties.name).toBe("Sour");
    expect(cazaAt(35.5842, 33.5431)?.properties.name).toBe("Jezzine");
    expect(cazaAt(35.9019, 33.8463)?.properties.name).toBe("Zahle");
    expect(cazaAt(34.9, 33.9)).toBeUndefined(); // at sea
  });

  it("wind every caza the way d3 reads it: each is smaller than the country, together about its size", () => {
    const country = geoArea(BOUNDARIES.country);
    for (const c of BOUNDARIES.cazas) expect([c.properties.name, geoArea(c) < country / 4]).toEqual([c.properties.name, true]);
    const sum = BOUNDARIES.cazas.reduce((a, c) => a + geoArea(c), 0);
    expect(sum / country).toBeGreaterThan(0.97);
    expect(sum / country).toBeLessThan(1.03);
  });

  it("give every caza an Arabic and a French name", () => {
    expect(BOUNDARIES.cazas.filter((c) => !c.properties.nameAr || !c.properties.nameFr).map((c) => c.properties.name)).toEqual([]);
  });
});

describe("projection", () => {
  const frame = fitFrame(BOUNDARIES.country, 400);

  it("fits the whole country inside the frame, taller than wide", () => {
    const [[x0, y0], [x1, y1]] = frame.path.bounds(BOUNDARIES.country);
    expect(x0).toBeGreaterThanOrEqual(7.9);
    expect(y0).toBeGreaterThanOrEqual(7.9);
    expect(x1).toBeLessThanOrEqual(400 - 7.9);
    expect(y1).toBeLessThanOrEqual(frame.height - 7.9);
    expect(frame.height).toBeGreaterThan(400);
  });

  it("puts north up and east to the right, whatever the page's direction", () => {
    const [beirutX] = frame.project(35.5018, 33.8938);
    const [zahleX] = frame.project(35.9019, 33.8463);
    const [, tripoliY] = frame.project(35.8497, 34.4367);
    const [, saidaY] = frame.project(35.3729, 33.5571);
    expect(beirutX).toBeLessThan(zahleX);
    expect(tripoliY).toBeLessThan(saidaY);
  });
});

describe("the drawing made at build time", () => {
  const frame = fitFrame(BOUNDARIES.country, 400);

  it("draws every caza, and places places where the boundaries' own projection does", () => {
    expect(DRAWING.cazas).toHaveLength(25);
    expect(DRAWING.height).toBe(frame.height);
    const drawn = frameOf(400);
    for (const [lng, lat] of [
      [35.5018, 33.8938],
      [35.9019, 33.8463],
      [35.8497, 34.4367],
    ]) {
      const [x, y] = frame.project(lng, lat);
      const [dx, dy] = drawn.project(lng, lat);
      expect(dx).toBeCloseTo(x, 1);
      expect(dy).toBeCloseTo(y, 1);
    }
  });

  it("fits one caza inside a square frame, centred, whatever its shape", () => {
    for (const caza of DRAWING.cazas) {
      const f = frameOf(320, { caza, height: 320, pad: 16 });
      const [[x0, y0], [x1, y1]] = f.box(caza.bounds);
      expect([x0, y0].every((v) => v >= 15.9)).toBe(true);
      expect([x1, y1].every((v) => v <= 320 - 15.9)).toBe(true);
      // It touches two opposite edges (it is as large as the frame allows).
      expect(Math.min(x0, y0)).toBeCloseTo(16, 1);
      expect(x0 + x1).toBeCloseTo(320, 1);
      expect(y0 + y1).toBeCloseTo(320, 1);
    }
  });
});

describe("caza filter", () => {
  it("keeps the places of the chosen caza, or all of them when none is chosen", () => {
    expect(pointsInCaza(PLACES, "Zahle").map((p) => p.id)).toEqual(["zahle"]);
    expect(pointsInCaza(PLACES, "Saida").map((p) => p.id)).toEqual(["saida"]);
    expect(pointsInCaza(PLACES, null)).toHaveLength(PLACES.length);
  });
});

describe("LebanonMap", () => {
  const renderMap = (props: Partial<Parameters<typeof LebanonMap>[0]> = {}) =>
    render(
      <MemoryRouter>
        <LebanonMap label="Villages" points={PLACES} highlight={PLACES.slice(0, 2)} hrefOf={(p) => `/libanpedia/${p.id}`} {...props} />
      </MemoryRouter>,
    );

  it("draws every caza and place; the highlighted places are links named after the village", () => {
    const { container } = renderMap();
    expect(container.querySelectorAll(".lb-map__cazas path")).toHaveLength(25);
    expect(container.querySelectorAll(".lb-map__dots circle")).toHaveLength(5);
    expect(screen.getByRole("link", { name: "Zahle" }).getAttribute("href")).toBe("/libanpedia/zahle");
    expect(screen.getByRole("link", { name: "Ehden" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Beirut" })).toBeNull();
  });

  it("shows the chosen caza and fades the places outside it", () => {
    const { container } = renderMap({ selectedCaza: "Zgharta" });
    expect(container.querySelector('path[data-caza="Zgharta"]')!.getAttribute("class")).toBe("is-selected");
    expect(container.querySelector('path[data-caza="Zahle"]')!.getAttribute("class")).toBe("is-other");
    const out = [...container.querySelectorAll(".lb-map__dots circle.is-out")].map((c) => c.getAttribute("data-id"));
    expect(out).toEqual(["zahle", "beirut", "tripoli", "saida"]);
  });

  it("names the cazas in the reader's language", async () => {
    await changeLanguage("fr");
    const { container } = renderMap();
    expect(container.querySelector('path[data-caza="Kesrwane"] title')!.textContent).toBe("Kesrouan");
    expect(container.querySelector('path[data-caza="West Bekaa"] title')!.textContent).toBe("Bekaa occidentale");
    await changeLanguage("en");
  });

  it("chooses a caza when it is clicked, and clears the choice when it is clicked again", () => {
    const onSelectCaza = vi.fn();
    const { container, rerender } = renderMap({ onSelectCaza });
    fireEvent.click(container.querySelector('path[data-caza="Chouf"]')!);
    expect(onSelectCaza).toHaveBeenLastCalledWith("Chouf");
    rerender(
      <MemoryRouter>
        <LebanonMap label="Villages" points={PLACES} selectedCaza="Chouf" onSelectCaza={onSelectCaza} />
      </MemoryRouter>,
    );
    fireEvent.click(container.querySelector('path[data-caza="Chouf"]')!);
    expect(onSelectCaza).toHaveBeenLastCalledWith(null);
  });

  it("zooms with + and −, and its buttons, and 0 shows the whole country again", () => {
    const { container } = renderMap();
    const svg = screen.getByRole("group", { name: "Villages" });
    const layer = () => container.querySelector("svg > g")!.getAttribute("transform") ?? "";
    const scale = () => Number(/scale\(([\d.]+)\)/.exec(layer())?.[1] ?? 1);
    fireEvent.keyDown(svg, { key: "+" });
    expect(scale()).toBeCloseTo(1.6);
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(scale()).toBeCloseTo(2.56);
    fireEvent.keyDown(svg, { key: "-" });
    expect(scale()).toBeCloseTo(1.6);
    fireEvent.keyDown(svg, { key: "0" });
    expect(scale()).toBe(1);
  });

  it("as a mini-map, frames one caza, has no zoom controls and is not a tab stop", () => {
    const { container } = renderMap({ fitCaza: "Zahle", highlight: PLACES.slice(0, 1) });
    expect(container.querySelector("figure")!.getAttribute("data-selected-caza")).toBe("Zahle");
    expect(screen.queryByRole("button", { name: "Zoom in" })).toBeNull();
    expect(container.querySelector("svg")!.getAttribute("tabindex")).toBeNull();
    expect(screen.getByRole("link", { name: "Zahle" })).toBeTruthy();
  });
});

describe("the map's compact villages (villageMap)", () => {
  const CAZAS: MapCaza[] = [
    { district: "Zgharta", count: 2, latitude: 34.3, longitude: 35.9, slugs: ["ehden", "zgharta"], offsets: [-89, 653, 12, -3] },
    { district: "Zahle", count: 1, latitude: 33.8463, longitude: 35.9019, slugs: ["zahle"], offsets: [0, 0] },
  ];

  it("places each village at its caza's centre plus its offset, in ten-thousandths of a degree", () => {
    expect(pointsOfMap(CAZAS)).toEqual([
      { id: "ehden", lat: 34.2911, lng: 35.9653, district: "Zgharta" },
      { id: "zgharta", lat: 34.3012, lng: 35.8997, district: "Zgharta" },
      { id: "zahle", lat: 33.8463, lng: 35.9019, district: "Zahle" },
    ]);
    expect(clustersOfMap(CAZAS)).toEqual([
      { district: "Zgharta", count: 2, lat: 34.3, lng: 35.9 },
      { district: "Zahle", count: 1, lat: 33.8463, lng: 35.9019 },
    ]);
  });

  it("draws one mark per caza until zoomed in; then asks for the places and draws them", () => {
    const onNeedPoints = vi.fn();
    const clusters = clustersOfMap(CAZAS);
    const view = (points: MapPoint[]) => (
      <MemoryRouter>
        <LebanonMap label="Villages" clusters={clusters} points={points} onNeedPoints={onNeedPoints} />
      </MemoryRouter>
    );
    const { container, rerender } = render(view([]));
    expect([...container.querySelectorAll(".lb-map__clusters text")].map((t) => t.textContent)).toEqual(["2", "1"]);
    expect(container.querySelectorAll(".lb-map__dots circle")).toHaveLength(0);
    expect(onNeedPoints).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    fireEvent.click(screen.getByRole("button", { name: "Zoom in" }));
    expect(onNeedPoints).toHaveBeenCalled();
    // The marks stay until the places arrive.
    expect(container.querySelectorAll(".lb-map__clusters g")).toHaveLength(2);
    rerender(view(pointsOfMap(CAZAS)));
    expect(container.querySelectorAll(".lb-map__clusters")).toHaveLength(0);
    expect(container.querySelectorAll(".lb-map__dots circle")).toHaveLength(3);
  });

  it("asks for the places at once when a caza is chosen", () => {
    const onNeedPoints = vi.fn();
    render(
      <MemoryRouter>
        <LebanonMap label="Villages" clusters={clustersOfMap(CAZAS)} selectedCaza="Zahle" onNeedPoints={onNeedPoints} />
      </MemoryRouter>,
    );
    expect(onNeedPoints).toHaveBeenCalled();
  });
});

describe("a place's card", () => {
  it("names the place in the other script too, when it has one", () => {
    expect(otherScriptName(PLACES[0], "en")).toBe("زحلة");
    expect(otherScriptName(PLACES[0], "fr")).toBe("زحلة");
    expect(otherScriptName(PLACES[0], "ar")).toBe("Zahle");
    // Beirut has no Arabic name here: the card has one name in either language.
    expect(otherScriptName(PLACES[2], "en")).toBeNull();
    expect(otherScriptName(PLACES[2], "ar")).toBeNull();
  });
});
