import { render, screen } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BallotTallyFieldsFragment } from "../../../gql/graphql";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { alertsOf } from "../alerts";
import { TallyChart } from "./TallyChart";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});
beforeEach(async () => {
  await changeLanguage("en");
});

/** Text as read, without the bidi isolates and marks the translations put around values. */
const text = (testId: string) => (screen.getByTestId(testId).textContent ?? "").replace(/[\u2066-\u2069\u200e\u200f]/g, "");

const tally = (over: Partial<BallotTallyFieldsFragment> = {}): BallotTallyFieldsFragment => ({
  ballotId: "b",
  status: "OPEN",
  turnout: 7,
  eligible: 60,
  quorum: 6,
  yes: null,
  no: null,
  abstain: null,
  breakdownHidden: true,
  breakdownHeld: "BELOW_MINIMUM",
  breakdownTurnout: null,
  outcome: null,
  closesAt: "2026-12-01T00:00:00Z",
  secondsLeft: 3 * 86_400,
  ...over,
});

describe("TallyChart", () => {
  it("below 20 votes shows the turnout only, and says why the breakdown is hidden", () => {
    render(<TallyChart tally={tally()} hideResults={false} />);
    expect(text("ballot-turnout")).toContain("Turnout: 7 of 60 voters (12%)");
    expect(text("ballot-turnout")).toContain("The quorum of 6 votes is reached.");
    expect(text("ballot-breakdown-hidden")).toContain("Below 20 votes");
    expect(screen.queryByTestId("ballot-breakdown")).toBeNull();
  });

  it("says the results wait for the close when the ballot hides them, whatever the count", () => {
    render(<TallyChart tally={tally({ turnout: 40, breakdownHeld: "HIDDEN_RESULTS" })} hideResults />);
    expect(text("ballot-breakdown-hidden")).toContain("hidden until it closes");
  });

  it("says the rootspace holds the breakdown until the close", () => {
    render(<TallyChart tally={tally({ turnout: 40, breakdownHeld: "UNTIL_CLOSE" })} hideResults={false} />);
    expect(text("ballot-breakdown-hidden")).toBe(
      "In this rootspace the yes/no/abstain breakdown shows only when a ballot closes: until then only the turnout shows.",
    );
    expect(screen.queryByTestId("ballot-breakdown")).toBeNull();
  });

  it("while open, draws the breakdown's batch as shares of the votes it counts, and says why it lags the turnout", async () => {
    render(
      <TallyChart
        tally={tally({ turnout: 33, yes: 10, no: 6, abstain: 4, breakdownHidden: false, breakdownHeld: null, breakdownTurnout: 20 })}
        hideResults={false}
      />,
    );
    expect(text("ballot-breakdown")).toContain("10 (50%)");
    expect(text("ballot-breakdown-behind")).toContain("The breakdown counts 20 of these votes.");
    expect(text("ballot-breakdown-behind")).toContain("at most every 10 minutes");
    await changeLanguage("fr");
    expect(text("ballot-breakdown-behind")).toContain("La répartition compte 20 de ces votes.");
  });

  it("before the opening says voting has not opened, and shows no roll yet", () => {
    render(
      <TallyChart
        tally={tally({ status: "COOLING_OFF", turnout: 0, eligible: null, quorum: null, breakdownHeld: "NOT_OPEN" })}
        hideResults={false}
      />,
    );
    expect(text("ballot-turnout")).toBe("Turnout: 0 votes.");
    expect(text("ballot-breakdown-hidden")).toBe("Voting has not opened yet.");
  });

  it("draws and writes out the breakdown the server sent, with the outcome once closed", () => {
    render(
      <TallyChart
        tally={tally({ status: "CLOSED", turnout: 24, yes: 12, no: 6, abstain: 6, breakdownHidden: false, outcome: "ACCEPTED" })}
        hideResults
      />,
    );
    const rows = screen.getAllByRole("listitem").map((li) => (li.textContent ?? "").replace(/[\u2066-\u2069\u200e\u200f]/g, ""));
    expect(rows).toEqual(["Yes12 (50%)", "No6 (25%)", "Abstain6 (25%)"]);
    expect(text("ballot-outcome")).toContain("Accepted");
    expect(screen.getByRole("figure", { name: "The count" })).toBeTruthy();
  });

  it("in Arabic writes the turnout in the reader's language", async () => {
    await changeLanguage("ar");
    render(<TallyChart tally={tally()} hideResults={false} />);
    expect(text("ballot-turnout")).toContain("المشاركة: 7 من 60 ناخبًا");
  });

  it("in Arabic and English counts votes and voters in the number's own form", async () => {
    const said = (over: Partial<BallotTallyFieldsFragment>) => {
      const { unmount } = render(<TallyChart tally={tally(over)} hideResults={false} />);
      const got = text("ballot-turnout");
      unmount();
      return got;
    };
    await changeLanguage("ar");
    expect(said({ eligible: 8, turnout: 3, quorum: 5 })).toBe("المشاركة: 3 من 8 ناخبين (38%). النصاب 5 أصوات: لم يُبلَغ بعد.");
    expect(said({ eligible: 200, turnout: 30, quorum: 25 })).toBe("المشاركة: 30 من 200 ناخب (15%). بُلغ النصاب (25 صوتًا).");
    expect(said({ eligible: null, turnout: 0, quorum: null })).toBe("المشاركة: لا أصوات بعد.");
    expect(said({ eligible: null, turnout: 1, quorum: null })).toBe("المشاركة: صوت واحد.");
    expect(said({ eligible: null, turnout: 2, quorum: null })).toBe("المشاركة: صوتان.");
    await changeLanguage("en");
    expect(said({ eligible: null, turnout: 1, quorum: null })).toBe("Turnout: 1 vote.");
    expect(said({ eligible: 1, turnout: 1, quorum: 1 })).toBe("Turnout: 1 of 1 voter (100%). The quorum of 1 vote is reached.");
  });
});

describe("the staff board's alerts", () => {
  it("warns of a quorum not reached with less than a day left, and says by how much", () => {
    expect(alertsOf(tally({ turnout: 3 }), 23 * 3600, false)).toEqual([{ kind: "quorum_at_risk", turnout: 3, quorum: 6, missing: 3 }]);
    expect(alertsOf(tally({ turnout: 3 }), 25 * 3600, false)).toEqual([]);
    expect(alertsOf(tally({ turnout: 6 }), 3600, false)).toEqual([]);
  });

  it("warns of an empty roll, and of results hidden until the close", () => {
    expect(alertsOf(tally({ eligible: 0, turnout: 0, quorum: 5 }), 3600, true)).toEqual([
      { kind: "empty_roll" },
      { kind: "results_hidden" },
    ]);
    expect(alertsOf(tally({ status: "COOLING_OFF", quorum: null }), 3600, false)).toEqual([]);
  });
});
