import { describe, expect, it } from "@jest/globals";
import { batchOrOneByOne, groupCommitLoader } from "./group-commit.js";

/** A loader whose batches wait until the test lets them return; `batches` records what each carried. */
function controlled(inFlight: number) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const loader = groupCommitLoader<number, number>(
    async (items) => {
      batches.push([...items]);
      await new Promise<void>((r) => pending.push(r));
      return items.map((i) => (i < 0 ? new Error(`refused ${i}`) : i * 10));
    },
    { inFlight, maxBatch: 3 },
  );
  /** Lets the oldest batch in the database return, and waits until the loader has moved on. */
  const finishOne = async () => {
    pending.shift()!();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
  };
  return { loader, batches, pending, finishOne };
}

const turn = () => new Promise((r) => setImmediate(r));

describe("group commit", () => {
  it("sends a lone request at once, as a batch of its own", async () => {
    const { loader, batches, finishOne } = controlled(1);
    const one = loader.load(1);
    await turn();
    expect(batches).toEqual([[1]]);
    await finishOne();
    await expect(one).resolves.toBe(10);
  });

  it("gathers the requests that arrive while a batch is in the database, and sends them together when it returns", async () => {
    const { loader, batches, finishOne } = controlled(1);
    const first = loader.load(1);
    await turn();
    const later = [loader.load(2), loader.load(3)];
    await turn();
    const last = loader.load(4);
    await turn();
    expect(batches).toEqual([[1]]);
    await finishOne();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await finishOne();
    await expect(Promise.all([first, ...later, last])).resolves.toEqual([10, 20, 30, 40]);
  });

  it("keeps at most `inFlight` batches in the database, and no batch larger than its limit", async () => {
    const { loader, batches, pending, finishOne } = controlled(2);
    const all = [loader.load(1)];
    await turn();
    all.push(loader.load(2));
    await turn();
    all.push(...[3, 4, 5, 6, 7].map((i) => loader.load(i)));
    await turn();
    expect(batches).toEqual([[1], [2]]);
    expect(pending).toHaveLength(2);
    await finishOne();
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    await finishOne();
    expect(batches).toEqual([[1], [2], [3, 4, 5], [6, 7]]);
    await finishOne();
    await finishOne();
    await expect(Promise.all(all)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it("answers each request of a batch on its own: one refused does not refuse the others, and a failed batch frees its place", async () => {
    const batches: number[][] = [];
    const loader = groupCommitLoader<number, number>(
      async (items) => {
        batches.push([...items]);
        if (items.includes(0)) throw new Error("database gone");
        return items.map((i) => (i < 0 ? new Error(`refused ${i}`) : i));
      },
      { inFlight: 1, maxBatch: 10 },
    );
    const gone = loader.load(0);
    await turn();
    const together = [loader.load(-1), loader.load(2)];
    await expect(gone).rejects.toThrow("database gone");
    await expect(together[0]).rejects.toThrow("refused -1");
    await expect(together[1]).resolves.toBe(2);
    await expect(loader.load(5)).resolves.toBe(5);
    expect(batches).toEqual([[0], [-1, 2], [5]]);
  });
});

describe("batchOrOneByOne", () => {
  const conflict = (code: string) =>
    Object.assign(new Error(code === "40P01" ? "deadlock detected" : "could not serialize access"), { code });

  it("runs a batch that met a deadlock once more, then item by item: one item's conflict costs no other its answer", async () => {
    const calls: string[] = [];
    const answers = await batchOrOneByOne(
      [1, 2, 3],
      async (items) => {
        calls.push(`batch ${items.join(",")}`);
        throw conflict(calls.length === 1 ? "40P01" : "40001");
      },
      async (item) => {
        calls.push(`one ${item}`);
        if (item === 2) throw conflict("40P01");
        return item * 10;
      },
    );
    expect(calls).toEqual(["batch 1,2,3", "batch 1,2,3", "one 1", "one 2", "one 2", "one 3"]);
    expect(answers.map((a) => (a instanceof Error ? a.message : a))).toEqual([10, "deadlock detected", 30]);
  });

  it("answers at once when the second try works, and passes any other failure on", async () => {
    let tries = 0;
    const twice = await batchOrOneByOne(
      [1, 2],
      async (items) => {
        if (tries++ === 0) throw conflict("40P01");
        return items.map((i) => i + 1);
      },
      async () => 0,
    );
    expect(twice).toEqual([2, 3]);
    await expect(
      batchOrOneByOne(
        [1],
        async () => {
          throw new Error("relation does not exist");
        },
        async () => 0,
      ),
    ).rejects.toThrow("relation does not exist");
  });
});
