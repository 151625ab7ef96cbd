import { describe, expect, it } from "@jest/globals";
import { GraphQLError } from "graphql";
import { QueryFailedError } from "typeorm";
import { isServerBusy } from "./busy.js";

/** What pg says when it has no time for a request, as it reaches the error presenter: raw, or wrapped once or twice. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "ERROR" });

describe("a busy server's errors", () => {
  it("knows no pool connection in time, and a statement timed out, however wrapped", () => {
    const noConnection = new Error("timeout exceeded when trying to connect");
    expect(isServerBusy(noConnection)).toBe(true);
    expect(isServerBusy(new Error("Connection terminated due to connection timeout"))).toBe(true);
    const timedOut = new QueryFailedError("SELECT 1", [], pgError("57014", "canceling statement due to statement timeout"));
    expect(isServerBusy(timedOut)).toBe(true);
    expect(isServerBusy(new GraphQLError("wrapped", { originalError: timedOut }))).toBe(true);
    expect(isServerBusy(new Error("while loading", { cause: noConnection }))).toBe(true);
    expect(isServerBusy(new AggregateError([new Error("other"), noConnection]))).toBe(true);
    expect(isServerBusy(pgError("53300", "sorry, too many clients already"))).toBe(true);
  });

  it("leaves every other failure alone", () => {
    expect(isServerBusy(new Error("boom"))).toBe(false);
    expect(isServerBusy(new QueryFailedError("SELECT", [], pgError("23505", "duplicate key value")))).toBe(false);
    expect(isServerBusy(new Error("a timeout exceeded when trying to connect to the mail server, said the SMTP library"))).toBe(false);
    expect(isServerBusy(null)).toBe(false);
    expect(isServerBusy("timeout exceeded when trying to connect")).toBe(false);
  });
});
