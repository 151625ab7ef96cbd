import { describe, expect, it } from "@jest/globals";
import { compareWithReleases, formatReport, removalDate, type Release } from "./schema-releases.js";

/** A small schema in the form releases take, with `fields` added to Query. */
const sdl = (fields: string, extra = "") => `type Query {
  village(id: ID!, lang: String): Village
${fields}
}

type Village {
  id: ID!
  name: String!
}

enum Kind {
  TOWN
  HAMLET
}
${extra}`;

const release = (date: string, text: string): Release => ({ date, sdl: text });

describe("the schema diff against the newest release", () => {
  it("refuses a removal that was never deprecated, and says what to do", async () => {
    const report = await compareWithReleases(sdl(""), [release("2026-01-01", sdl("  oldVillages: [Village!]!"))], "2026-12-02");
    expect(report.ok).toBe(false);
    expect(report.breaking).toHaveLength(1);
    const text = formatReport(report, "schema/releases/2026-01-01.graphql");
    expect(text).toContain("✗ BREAKING: Field 'oldVillages' was removed from object type 'Query' (Query.oldVillages)");
    expect(text).toContain("Query.oldVillages is not deprecated in release 2026-01-01");
    expect(text).toContain("1 breaking change(s) not allowed");
  });

  it("allows the removal of a field deprecated in a release 90 days or more before a date that has passed", async () => {
    const deprecated = sdl('  oldVillages: [Village!]! @deprecated(reason: "Use villages; removed after 2026-04-01")');
    const report = await compareWithReleases(sdl(""), [release("2026-01-01", deprecated)], "2026-04-02");
    expect(report.ok).toBe(true);
    expect(report.breaking).toEqual([expect.objectContaining({ allowed: true })]);
    expect(formatReport(report, "r")).toContain(
      "✓ breaking, allowed: Field 'oldVillages' (deprecated) was removed from object type 'Query' (Query.oldVillages)",
    );
  });

  it("refuses it while the date has not passed, on the day itself included", async () => {
    const deprecated = sdl('  oldVillages: [Village!]! @deprecated(reason: "Use villages; removed after 2026-04-01")');
    for (const today of ["2026-03-15", "2026-04-01"]) {
      const report = await compareWithReleases(sdl(""), [release("2026-01-01", deprecated)], today);
      expect(report.ok).toBe(false);
      expect(report.breaking[0].why).toBe(
        `Query.oldVillages is deprecated "after 2026-04-01" (released 2026-01-01); that date has not passed yet (today is ${today}).`,
      );
    }
  });

  it("refuses a date less than 90 days after the release that announced it, even once passed", async () => {
    const deprecated = sdl('  oldVillages: [Village!]! @deprecated(reason: "Use villages; removed after 2026-03-01")');
    const report = await compareWithReleases(sdl(""), [release("2026-01-01", deprecated)], "2026-12-02");
    expect(report.ok).toBe(false);
    expect(report.breaking[0].why).toContain("the date must be 2026-04-01 or later (90 days' notice)");
  });

  it("counts the notice from the first release in a row that carried it", async () => {
    const deprecated = sdl('  oldVillages: [Village!]! @deprecated(reason: "removed after 2026-04-01")');
    const releases = [release("2026-01-01", deprecated), release("2026-03-01", `${deprecated}\nscalar Later\n`)];
    const report = await compareWithReleases(sdl("", "\nscalar Later\n"), releases, "2026-05-01");
    expect(report.ok).toBe(true);
    // Announced only in the newer release: 31 days' notice, refused.
    const late = await compareWithReleases(
      sdl("", "\nscalar Later\n"),
      [release("2026-01-01", sdl("  oldVillages: [Village!]!")), releases[1]],
      "2026-05-01",
    );
    expect(late.ok).toBe(false);
  });

  it("refuses a deprecation without a date", async () => {
    const report = await compareWithReleases(
      sdl(""),
      [release("2026-01-01", sdl('  oldVillages: [Village!]! @deprecated(reason: "Use villages")'))],
      "2026-12-02",
    );
    expect(report.ok).toBe(false);
    expect(report.breaking[0].why).toContain('without a date: the reason must end with "after YYYY-MM-DD"');
  });

  it("covers an argument by its own deprecation or its field's", async () => {
    const old = sdl("").replace("lang: String)", 'lang: String @deprecated(reason: "after 2026-06-01"))');
    const report = await compareWithReleases(sdl("").replace(", lang: String", ""), [release("2026-01-01", old)], "2026-07-01");
    expect(report.ok).toBe(true);
  });

  it("allows a removed enum value once its notice ran out, and refuses one without", async () => {
    const old = sdl("").replace("  HAMLET", '  HAMLET @deprecated(reason: "after 2026-06-01")');
    const current = sdl("").replace("  HAMLET\n", "");
    expect((await compareWithReleases(current, [release("2026-01-01", old)], "2026-07-01")).ok).toBe(true);
    expect((await compareWithReleases(current, [release("2026-01-01", sdl(""))], "2026-07-01")).ok).toBe(false);
  });

  it("allows a type removed with the deprecated fields that used it, not one still used", async () => {
    const old = sdl('  hamlets: [Hamlet!]! @deprecated(reason: "after 2026-06-01")', "\ntype Hamlet {\n  id: ID!\n}\n");
    const report = await compareWithReleases(sdl(""), [release("2026-01-01", old)], "2026-07-01");
    expect(report.breaking.map((v) => [v.change.type, v.allowed])).toEqual([
      ["TYPE_REMOVED", true],
      ["FIELD_REMOVED", true],
    ]);
    const used = sdl("  hamlets: [Hamlet!]!", "\ntype Hamlet {\n  id: ID!\n}\n");
    expect((await compareWithReleases(sdl(""), [release("2026-01-01", used)], "2026-07-01")).ok).toBe(false);
  });

  it("passes a change that breaks nothing (a field added), listing it", async () => {
    const report = await compareWithReleases(sdl("  villages: [Village!]!"), [release("2026-12-02", sdl(""))], "2026-12-02");
    expect(report.ok).toBe(true);
    expect(report.breaking).toEqual([]);
    expect(formatReport(report, "r")).toContain("+ Field 'villages' was added to object type 'Query'");
  });

  it("refuses a type change of a field that was not deprecated", async () => {
    const report = await compareWithReleases(
      sdl("").replace("name: String!", "name: Int!"),
      [release("2026-01-01", sdl(""))],
      "2026-12-02",
    );
    expect(report.ok).toBe(false);
    expect(report.breaking[0].change.path).toBe("Village.name");
  });

  it("has nothing to compare before the first release", async () => {
    const report = await compareWithReleases(sdl(""), [], "2026-12-02");
    expect(report).toMatchObject({ ok: true, release: null });
  });
});

describe("the removal date of a deprecation", () => {
  it("is the last `after YYYY-MM-DD` of the reason, a real date", () => {
    expect(removalDate("Use villages; removed after 2026-04-01")).toBe("2026-04-01");
    expect(removalDate("after 2026-04-01.")).toBe("2026-04-01");
    expect(removalDate("Use villages")).toBeNull();
    expect(removalDate("after 2026-02-30")).toBeNull();
    expect(removalDate(null)).toBeNull();
  });
});
