import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { BallotTimelineFieldsFragment } from "../../../gql/graphql";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";
import { BallotTimeline, currentStage } from "./BallotTimeline";

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

/** Text as read, without the bidi isolates and marks the translations put around values. */
const plain = (el: Element) => (el.textContent ?? "").replace(/[\u2066-\u2069\u200e\u200f]/g, "");

const timeline = (over: Partial<BallotTimelineFieldsFragment> = {}): BallotTimelineFieldsFragment => ({
  proposedAt: "2026-12-01T09:00:00Z",
  coolingOffFrom: "2026-12-02T10:00:00Z",
  coolingHours: 72,
  opensAt: "2026-12-05T10:00:00Z",
  openDays: 12,
  closesAt: "2026-12-17T10:00:00Z",
  closed: false,
  appliedAt: null,
  proposalStatus: "in_ballot",
  minOpenDays: 7,
  maxOpenDays: 90,
  ...over,
});

describe("BallotTimeline", () => {
  it("shows the five stages in order with their dates, the cooling-off and the days-open bounds", async () => {
    await changeLanguage("en");
    render(<BallotTimeline timeline={timeline()} status="COOLING_OFF" />);
    const stages = screen.getAllByRole("listitem");
    expect(stages.map((s) => s.getAttribute("data-stage"))).toEqual(["proposed", "cooling_off", "open", "closed", "applied"]);
    expect(plain(stages[1])).toContain("72 hours: the text is frozen");
    expect(plain(stages[2])).toContain("Open 12 days (this rootspace allows 7 to 90)");
    expect(plain(stages[2])).toMatch(/^Open for votingPlanned: 5 Dec 2026/);
    expect(plain(stages[4])).toContain("If accepted, once the ballot closes");
    // The current stage is marked for every reader, not by colour alone.
    expect(stages[1].getAttribute("aria-current")).toBe("step");
    expect(plain(stages[1])).toContain("(now)");
  });

  it("follows the ballot's status as the server gives it (not this browser's clock), and ends applied", () => {
    const t = timeline();
    expect(currentStage(t, "OPEN")).toBe("open");
    expect(currentStage(t, "CLOSED")).toBe("closed");
    expect(currentStage({ ...t, closed: true, appliedAt: "2026-12-17T10:01:00Z" }, "CLOSED")).toBe("applied");
  });

  it("speaks Arabic and French, with the rejected or conflicting end said", async () => {
    await changeLanguage("fr");
    const { unmount } = render(<BallotTimeline timeline={timeline({ closed: true, proposalStatus: "rejected" })} status="CLOSED" />);
    const fr = screen.getAllByRole("listitem");
    expect(plain(fr[4])).toContain("Non appliqué : la proposition n'a pas été acceptée");
    expect(plain(fr[2])).toContain("Ouvert 12 jours (cet espace permet de 7 à 90)");
    unmount();
    await changeLanguage("ar");
    render(<BallotTimeline timeline={timeline({ closed: true, proposalStatus: "conflict", coolingHours: 2 })} status="CLOSED" />);
    const ar = screen.getAllByRole("listitem");
    expect(plain(ar[1])).toContain("ساعتان");
    expect(plain(ar[4])).toContain("وينتظر مشرفًا");
    expect(screen.getByTestId("ballot-timeline").getAttribute("aria-label")).toBe("مراحل التصويت");
  });
});
