import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BrandMark } from "./BrandMark";

describe("the brand mark", () => {
  it("draws what the tab's icon draws", () => {
    const icon = readFileSync(`${__dirname}/../../public/favicon.svg`, "utf8");
    const shapes = (svg: string) => svg.match(/<(rect|path)\b[^>]*>/g)!.map((s) => s.replace(/\s*\/?>$/, ">"));
    expect(shapes(renderToStaticMarkup(<BrandMark />))).toEqual(shapes(icon));
  });
});
