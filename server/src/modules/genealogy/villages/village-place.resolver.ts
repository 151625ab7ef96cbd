import DataLoader from "dataloader";
import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { Context } from "../../../common/context.js";
import { EventView } from "../events/event.types.js";
import { hasArabic, normalizeArabic, normalizeLatin } from "../names/normalize.js";

/** Per request: a place name's key → the village name in the reader's language, when every village so named agrees on it. */
function createPlaceLoaders(ctx: Context) {
  const key = (part: string) => (hasArabic(part) ? `ar:${normalizeArabic(part)}` : `la:${normalizeLatin(part)}`);
  const villageName = new DataLoader<string, string | null>(async (keys) => {
    const latin = keys.filter((k) => k.startsWith("la:")).map((k) => k.slice(3));
    const arabic = keys.filter((k) => k.startsWith("ar:")).map((k) => k.slice(3));
    const rows: { name: string; name_ar: string | null; name_fr: string | null; key_latin: string; key_arabic: string }[] =
      await ctx.ds.query(
        `SELECT name, name_ar, name_fr, key_latin, key_arabic FROM villages
        WHERE rootspace_id = $1 AND is_public AND (string_to_array(key_latin, ' | ') && $2::text[] OR string_to_array(key_arabic, ' | ') && $3::text[])`,
        [ctx.rootspace.id, latin, arabic],
      );
    const shown = (r: (typeof rows)[number]) =>
      ctx.language === "ar" ? (r.name_ar ?? r.name) : ctx.language === "fr" ? (r.name_fr ?? r.name) : r.name;
    return keys.map((k) => {
      const names = new Set(
        rows.filter((r) => (k.startsWith("la:") ? r.key_latin : r.key_arabic).split(" | ").includes(k.slice(3))).map(shown),
      );
      return names.size === 1 ? [...names][0] : null;
    });
  });
  return { villageName, key };
}

@Resolver(() => EventView)
export class EventPlaceResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The place with the names of villages in the reader's language and script (زحلة for Zahle in Arabic); other parts as written.",
  })
  async placeInReaderScript(@Root() e: EventView, @Ctx() ctx: Context): Promise<string | null> {
    if (!e.place) return null;
    const { villageName, key } = ctx.use(createPlaceLoaders);
    const parts = e.place
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    const named = await Promise.all(parts.map(async (p) => (await villageName.load(key(p))) ?? p));
    return named.join(ctx.language === "ar" ? "، " : ", ");
  }
}
