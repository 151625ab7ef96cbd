import { describe, expect, it } from "@jest/globals";
import { LocalBudgets, SharedBudgets, type BudgetStore } from "./cost-budgets.js";

describe("cost budgets", () => {
  it("keep a minute per client: within the limit, then refused with the rest of the minute", async () => {
    const budgets = new LocalBudgets();
    expect(await budgets.spend("ip:a", 60, 100)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const refused = await budgets.spend("ip:a", 60, 100);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(55);
    // Refused, it spent nothing: what is left still passes; another client has its own.
    expect((await budgets.spend("ip:a", 40, 100)).allowed).toBe(true);
    expect((await budgets.spend("ip:b", 100, 100)).allowed).toBe(true);
  });

  it("count on the instance's own while the shared store fails, and go back to it after a rest", async () => {
    let failing = true;
    let calls = 0;
    const store: BudgetStore = {
      spend: async () => {
        calls++;
        if (failing) throw new Error("Connection is closed.");
        return { allowed: false, retryAfterSeconds: 30 };
      },
      close: async () => {},
    };
    const budgets = new SharedBudgets(store);
    expect(await budgets.spend("user:1", 60, 100)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // Left aside after its failure: the next charges are local, the store is not asked.
    expect((await budgets.spend("user:1", 60, 100)).allowed).toBe(false);
    expect(calls).toBe(1);
    failing = false;
    const later = Date.now() + 6_000;
    const now = Date.now;
    Date.now = () => later;
    try {
      expect(await budgets.spend("user:1", 1, 100)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    } finally {
      Date.now = now;
    }
    expect(calls).toBe(2);
  });
});
