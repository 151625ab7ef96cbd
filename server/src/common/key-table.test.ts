import { describe, expect, it } from "@jest/globals";
import { IntList, KeyTable } from "./key-table.js";

describe("KeyTable", () => {
  it("numbers keys in the order first added and finds each again, exactly", () => {
    const t = new KeyTable();
    expect(t.add("@I1@")).toBe(0);
    expect(t.add("@F1@")).toBe(1);
    expect(t.add("@I1@")).toBe(0);
    expect(t.size).toBe(2);
    expect(t.indexOf("@F1@")).toBe(1);
    expect(t.indexOf("@I2@")).toBe(-1);
    // Same length, one character apart; a prefix; the empty key; other scripts.
    for (const k of ["@I2@", "@I1", "", "@شخص١@", "@I1@@", "😀"]) expect(t.has(k)).toBe(false);
    for (const k of ["@I2@", "@I1", "", "@شخص١@", "@I1@@", "😀"]) t.add(k);
    expect([...Array(t.size).keys()].map((i) => t.key(i))).toEqual(["@I1@", "@F1@", "@I2@", "@I1", "", "@شخص١@", "@I1@@", "😀"]);
  });

  it("keeps every key and its value through growth, and forgets them on clear", () => {
    const t = new KeyTable();
    const n = 250_000;
    for (let i = 0; i < n; i++) t.setValue(t.add(`@I${i}@`), i * 3);
    expect(t.size).toBe(n);
    for (let i = 0; i < n; i += 997) {
      expect(t.indexOf(`@I${i}@`)).toBe(i);
      expect(t.value(i)).toBe(i * 3);
      expect(t.key(i)).toBe(`@I${i}@`);
    }
    expect(t.has(`@I${n}@`)).toBe(false);
    // A key longer than a fresh table's whole block of characters (the array grows to fit it).
    const fresh = new KeyTable();
    const long = "x".repeat(100_000);
    expect(fresh.key(fresh.add(long))).toBe(long);
    expect(fresh.indexOf(long)).toBe(0);
    t.clear();
    expect(t.size).toBe(0);
    expect(t.has("@I1@")).toBe(false);
    expect(t.add("@I1@")).toBe(0);
  });
});

describe("IntList", () => {
  it("grows and gives back what was pushed, in order", () => {
    const l = new IntList();
    for (let i = 0; i < 5000; i++) l.push(i - 2500);
    expect(l.length).toBe(5000);
    expect(l.view()[0]).toBe(-2500);
    expect(l.view()[4999]).toBe(2499);
    expect(l.view().length).toBe(5000);
  });
});
