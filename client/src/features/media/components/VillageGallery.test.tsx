import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { MediaFieldsFragment } from "../../../gql/graphql";
import { parseTranslations } from "../../../i18n/csv";
import { changeLanguage, initI18n } from "../../../i18n/index";
import csvText from "../../../i18n/translations.csv?raw";

let photos: MediaFieldsFragment[] = [];
let waiting: MediaFieldsFragment[] = [];
vi.mock("../../../app/auth/useAuth", () => ({ useAuth: () => ({ status: "signedIn" }) }));
vi.mock("../generated", () => ({
  useVillagePhotosQuery: () => ({ data: { node: { id: "v", photos, waitingPhotos: waiting } }, refetch: vi.fn() }),
  useUpdateMediaMutation: () => [vi.fn(), { loading: false }],
  useDeleteMediaMutation: () => [vi.fn(), { loading: false }],
  useReviewMediaMutation: () => [vi.fn(), { loading: false }],
}));
const { VillageGallery } = await import("./VillageGallery");
const { captionFor } = await import("./MediaTile");

beforeAll(async () => {
  await initI18n(parseTranslations(csvText));
});

const photo = (over: Partial<MediaFieldsFragment> = {}): MediaFieldsFragment => ({
  id: "m1",
  kind: "PHOTO",
  status: "READY",
  review: "APPROVED",
  caption: "ساحة زحلة",
  captionAr: "ساحة زحلة",
  captionEn: null,
  captionFr: "La place de Zahlé",
  date: "ABT 1960",
  credit: null,
  licence: null,
  mine: false,
  createdAt: "2026-12-01T10:00:00Z",
  viewerCan: { edit: false, delete: false, review: false },
  image: null,
  ...over,
});
const plain = (el: Element) => (el.textContent ?? "").replace(/[\u2066-\u2069\u200e\u200f]/g, "");
const show = () =>
  render(
    <MemoryRouter>
      <VillageGallery villageId="v" />
    </MemoryRouter>,
  );

describe("VillageGallery", () => {
  it("shows a member's own photo as waiting for review, never under 'no photos yet'", async () => {
    await changeLanguage("en");
    photos = [];
    waiting = [photo({ review: "PENDING", mine: true })];
    show();
    expect(screen.queryByText("No photos of this village yet.")).toBeNull();
    const group = screen.getByTestId("village-photos-waiting");
    expect(within(group).getAllByText("Waiting for review").length).toBeGreaterThanOrEqual(2);
  });

  it("says there are no photos only when none shows and none waits", async () => {
    await changeLanguage("fr");
    photos = [];
    waiting = [];
    show();
    expect(screen.getByText("Pas encore de photos de ce village.")).toBeTruthy();
  });

  it("gives the caption in the reader's language when there is one, in its own language otherwise, and the date as a recorded date", async () => {
    await changeLanguage("fr");
    photos = [photo()];
    waiting = [];
    const { unmount } = show();
    const caption = screen.getByTestId("media-caption");
    expect(plain(caption)).toBe("La place de Zahlé");
    expect(plain(screen.getByTestId("media-tile"))).toMatch(/vers 1960/);
    unmount();
    await changeLanguage("en");
    show();
    // No English caption: the Arabic one, marked as Arabic so it reads right to left.
    const ar = screen.getByTestId("media-caption").querySelector("bdi")!;
    expect(ar.textContent).toBe("ساحة زحلة");
    expect(ar.getAttribute("lang")).toBe("ar");
    expect(plain(screen.getByTestId("media-tile"))).toMatch(/about 1960/);
  });

  it("picks captions in order: the reader's, then Arabic, English, French", () => {
    expect(captionFor(photo({ captionAr: null }), "en")).toEqual({ text: "La place de Zahlé", lang: "fr" });
    expect(captionFor(photo({ captionAr: null, captionFr: null, caption: null }), "ar")).toBeNull();
  });
});
