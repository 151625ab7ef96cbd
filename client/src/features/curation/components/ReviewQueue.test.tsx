import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage, initI18n } from "../../../i18n";
import { parseTranslations } from "../../../i18n/csv";
import csvText from "../../../i18n/translations.csv?raw";

// The queue as the server gives it: one village with a French name (accented), one without.
const item = (id: string, title: string, village: [string, string, string | null]) => ({
  kind: "PERSON",
  id,
  title,
  titleAr: null,
  villageName: village[0],
  villageNameAr: village[1],
  villageNameFr: village[2],
  sources: null,
  createdAt: "2026-01-02T10:00:00Z",
});
const items = [item("p-1", "Elias Saab", ["Zahle", "زحلة", "Zahlé"]), item("p-2", "Youssef Makary", ["Ehden", "إهدن", null])];

vi.mock("../generated", () => ({
  useReviewQueueQuery: () => ({
    data: {
      reviewQueue: {
        totalCount: items.length,
        edges: items.map((node) => ({ cursor: node.id, node })),
        pageInfo: { hasNextPage: false, endCursor: null },
      },
    },
    loading: false,
    refetch: vi.fn(),
    fetchMore: vi.fn(),
  }),
  useVerifyRecordMutation: () => [vi.fn(), { loading: false }],
}));

const { ReviewQueue } = await import("./ReviewQueue");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

const villages = () => screen.getAllByTestId("review-item").map((li) => li.querySelector("p")!.textContent!.split(" · ")[1]);

describe("the review queue", () => {
  it.each([
    ["fr", ["Zahlé", "Ehden"]],
    ["en", ["Zahle", "Ehden"]],
    ["ar", ["زحلة", "إهدن"]],
  ] as const)("names each record's village in the reader's language (%s), else in English", async (lang, expected) => {
    await changeLanguage(lang);
    render(
      <MemoryRouter>
        <ReviewQueue villageId={null} />
      </MemoryRouter>,
    );
    expect(villages()).toEqual(expected);
  });
});
