import type { DataSource } from "typeorm";
import { logger } from "../../../common/logger.js";
import { newId } from "../../../common/uuid.js";
import { nameKeys } from "../names/normalize.js";

/**
 * Root-hub demo content for Zahle and Ehden: landmarks and festivals that exist, in three
 * languages, and an emigrant register. The emigrants are the demo member's fictional
 * family (like the demo accounts) plus two fictional Ehden villagers, all deceased except
 * Georges Saab, whose entry shows that living people stay private.
 */
type Tri = [en: string, ar: string, fr: string];
type Slug = "zahle" | "ehden";

const LANDMARKS: { village: Slug; type: string; name: Tri; description: Tri; lat?: number; lng?: number }[] = [
  {
    village: "zahle",
    type: "shrine",
    name: ["Our Lady of Zahle and the Beqaa (Saydet Zahle)", "سيدة زحلة والبقاع", "Notre-Dame de Zahlé et de la Békaa (Saydet Zahlé)"],
    description: [
      "A shrine on a hill above the town: a tower crowned by a bronze statue of the Virgin that looks over Zahle and the Beqaa plain.",
      "مزار على تلة فوق المدينة: برج يعلوه تمثال برونزي للعذراء يطلّ على زحلة وسهل البقاع.",
      "Un sanctuaire sur une colline au-dessus de la ville : une tour couronnée d'une statue de bronze de la Vierge qui domine Zahlé et la plaine de la Békaa.",
    ],
  },
  {
    village: "zahle",
    type: "other",
    name: ["Wadi el Arayech and the Berdawni river", "وادي العرايش ونهر البردوني", "Wadi el Arayech et le Berdaouni"],
    description: [
      "The valley of the Berdawni river, named after the vine arbours (arayech) of its riverside cafés and restaurants, where Zahle gathers in summer.",
      "وادي نهر البردوني، سُمّي بالعرايش نسبةً إلى عرائش الكرمة فوق مقاهيه ومطاعمه على ضفاف النهر، حيث تلتقي زحلة في الصيف.",
      "La vallée du Berdaouni, nommée d'après les treilles (arayech) de ses cafés et restaurants au bord de l'eau, où Zahlé se retrouve en été.",
    ],
  },
  {
    village: "zahle",
    type: "church",
    name: [
      "Our Lady of Deliverance Cathedral (Saydet el Najat)",
      "كاتدرائية سيدة النجاة",
      "Cathédrale Notre-Dame de la Délivrance (Saydet el Najat)",
    ],
    description: [
      "The Melkite Greek Catholic cathedral of Zahle.",
      "كاتدرائية الروم الملكيين الكاثوليك في زحلة.",
      "La cathédrale grecque-melkite catholique de Zahlé.",
    ],
  },
  {
    village: "ehden",
    type: "church",
    name: ["Saint Mamas church (Mar Mema)", "كنيسة مار ماما", "Église Saint-Mamas (Mar Mema)"],
    description: [
      "One of the oldest Maronite churches in Lebanon, traditionally dated to the eighth century.",
      "من أقدم الكنائس المارونية في لبنان، ويعود تقليدياً إلى القرن الثامن.",
      "L'une des plus anciennes églises maronites du Liban, traditionnellement datée du VIIIe siècle.",
    ],
  },
  {
    village: "ehden",
    type: "church",
    name: ["Saint George church (Mar Gergess)", "كنيسة مار جرجس", "Église Saint-Georges (Mar Gergess)"],
    description: [
      "The church on Ehden's main square where the body of Youssef Bey Karam rests; his equestrian statue stands in front of it.",
      "الكنيسة في ساحة إهدن حيث يرقد جثمان يوسف بك كرم، ويقوم تمثاله على صهوة جواده أمامها.",
      "L'église de la place principale d'Ehden où repose le corps de Youssef Bey Karam ; sa statue équestre se dresse devant elle.",
    ],
  },
  {
    village: "ehden",
    type: "shrine",
    name: ["Our Lady of the Fortress (Saydet el Hosn)", "سيدة الحصن", "Notre-Dame de la Forteresse (Saydet el Hosn)"],
    description: [
      "A shrine on a hilltop above Ehden, looking over the Qadisha region and the coast.",
      "مزار على قمة تلة فوق إهدن يطلّ على منطقة قاديشا والساحل.",
      "Un sanctuaire au sommet d'une colline au-dessus d'Ehden, face à la région de la Qadicha et à la côte.",
    ],
  },
  {
    village: "ehden",
    type: "other",
    name: ["Horsh Ehden nature reserve", "محمية حرش إهدن", "Réserve naturelle de Horsh Ehden"],
    description: [
      "A protected forest on the slopes above Ehden, one of the last natural stands of cedar, fir and juniper in northern Lebanon.",
      "غابة محمية على المنحدرات فوق إهدن، من آخر التجمّعات الطبيعية للأرز والشوح واللزّاب في شمال لبنان.",
      "Une forêt protégée sur les pentes au-dessus d'Ehden, l'un des derniers peuplements naturels de cèdres, de sapins et de genévriers du Nord-Liban.",
    ],
  },
];

const FESTIVALS: { village: Slug; type: string; title: Tri; description: Tri }[] = [
  {
    village: "zahle",
    type: "festival",
    title: ["Festival of the Vine (wine and arak)", "عيد الكرمة (النبيذ والعرق)", "Fête de la vigne (vin et arak)"],
    description: [
      "Zahle, city of wine and poetry, celebrates its vineyards, wine and arak at the end of summer, at the time of the grape harvest.",
      "تحتفل زحلة، مدينة الشعر والخمر، بكرومها ونبيذها وعرقها في آخر الصيف، في موسم قطاف العنب.",
      "Zahlé, ville du vin et de la poésie, fête ses vignes, son vin et son arak à la fin de l'été, au temps des vendanges.",
    ],
  },
  {
    village: "zahle",
    type: "festival",
    title: ["Corpus Christi procession (Khamis el Jasad)", "زيّاح خميس الجسد", "Procession de la Fête-Dieu (Khamis el Jasad)"],
    description: [
      "Every year on the Thursday of Corpus Christi the people of Zahle walk in a great procession through the town.",
      "في كل عام، في خميس الجسد، يسير أهل زحلة في زيّاح كبير في شوارع المدينة.",
      "Chaque année, le jeudi de la Fête-Dieu, les habitants de Zahlé défilent en une grande procession à travers la ville.",
    ],
  },
  {
    village: "ehden",
    type: "festival",
    title: ["Ehdeniyat summer festival", "مهرجانات إهدنيات", "Festival d'été Ehdeniyat"],
    description: [
      "Ehden's international summer festival of concerts and shows, when the families of Zgharta are up in the mountain.",
      "مهرجان إهدن الدولي الصيفي للحفلات والعروض، حين تصعد عائلات زغرتا إلى الجبل.",
      "Le festival international d'été d'Ehden, concerts et spectacles, quand les familles de Zgharta sont à la montagne.",
    ],
  },
  {
    village: "ehden",
    type: "festival",
    title: ["Feast of the Cross (Eid al-Salib)", "عيد الصليب", "Fête de la Croix (Eid al-Salib)"],
    description: [
      "On 14 September bonfires are lit on the heights and rooftops, as across the Lebanese mountain.",
      "في 14 أيلول تُشعل النيران على المرتفعات والسطوح، كما في سائر الجبل اللبناني.",
      "Le 14 septembre, des feux sont allumés sur les hauteurs et les toits, comme dans toute la montagne libanaise.",
    ],
  },
];

/** Fictional emigrants (demo only), deceased: [key, name, Arabic name, village, birth, death]. */
const EMIGRANTS: [string, string, string, Slug, number, number][] = [
  ["hanna", "Hanna Saab", "حنا صعب", "zahle", 1924, 2001],
  ["rose", "Rose Saab", "روز صعب", "zahle", 1927, 2010],
  ["sleiman", "Sleiman Makary", "سليمان مكاري", "ehden", 1888, 1960],
  ["youssef", "Youssef Makary", "يوسف مكاري", "ehden", 1925, 1999],
];

/** [person (demo key or full name of an existing demo person), country, year, note]. */
const ENTRIES: [string, string, number, string][] = [
  ["Elias Saab", "BR", 1948, "Settled in São Paulo."],
  ["hanna", "US", 1951, "Settled in Detroit."],
  ["rose", "AU", 1955, "Settled in Sydney."],
  ["sleiman", "BR", 1910, "Left from Beirut for Santos."],
  ["youssef", "AU", 1952, "Settled in Sydney."],
  ["Georges Saab", "CA", 1985, "Living: shown only to those allowed to see him."],
];

export async function seedDemoHub(ds: DataSource): Promise<void> {
  const [member]: { id: string }[] = await ds.query(`SELECT id FROM users WHERE email = 'member@roots.demo'`);
  if (!member || ((await ds.query(`SELECT 1 FROM assets LIMIT 1`)) as unknown[]).length) return;
  await ds.transaction(async (tx) => {
    const villages: { id: string; slug: Slug }[] = await tx.query(
      `SELECT id, slug FROM villages WHERE rootspace_id = 'lb' AND slug IN ('zahle', 'ehden')`,
    );
    const vid = Object.fromEntries(villages.map((v) => [v.slug, v.id])) as Record<Slug, string>;
    if (!vid.zahle || !vid.ehden) return;
    for (const l of LANDMARKS) {
      await tx.query(
        `INSERT INTO assets (id, type, village_id, owner_id, name, name_ar, name_fr, description, description_ar, description_fr, provenance, confidence)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'VERIFIED', 0.9)`,
        [newId(), l.type, vid[l.village], member.id, ...l.name, ...l.description],
      );
    }
    for (const f of FESTIVALS) {
      await tx.query(
        `INSERT INTO events (id, type, village_ids, title, title_ar, title_fr, description, description_ar, description_fr, provenance, confidence, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'VERIFIED', 0.9, $10)`,
        [newId(), f.type, [vid[f.village]], ...f.title, ...f.description, member.id],
      );
    }
    const people: Record<string, string> = {};
    for (const [key, name, nameAr, village, born, died] of EMIGRANTS) {
      const keys = nameKeys([name], [nameAr]);
      people[key] = newId();
      await tx.query(
        `INSERT INTO people (id, rootspace_id, full_name, full_name_ar, gender, birth_date_text, birth_date_from, birth_date_to, birth_date_qualifier,
           death_date_text, death_date_from, death_date_to, death_date_qualifier, village_id, provenance, confidence, privacy_settings, created_by,
           key_latin, key_arabic, key_skeleton, is_deceased, entry)
         VALUES ($1, 'lb', $2, $3, $4, $5::text, make_date($5::text::int, 1, 1), make_date($5::text::int, 12, 31), 'exact', $6::text, make_date($6::text::int, 1, 1), make_date($6::text::int, 12, 31), 'exact',
           $7, 'COMMUNITY', 0.7, $8, $9, $10, $11, $12, true, 'CURATED')`,
        [
          people[key],
          name,
          nameAr,
          key === "rose" ? "F" : "M",
          String(born),
          String(died),
          vid[village],
          JSON.stringify({ showBirthDate: false, showLocation: false, showContact: false }),
          member.id,
          keys.latin,
          keys.arabic,
          keys.skeleton,
        ],
      );
    }
    const existing: { id: string; full_name: string }[] = await tx.query(`SELECT id, full_name FROM people WHERE created_by = $1`, [
      member.id,
    ]);
    for (const p of existing) people[p.full_name] ??= p.id;
    const registries = { zahle: newId(), ehden: newId() };
    for (const [slug, title] of [
      ["zahle", ["Emigrants of Zahle", "مهاجرو زحلة", "Émigrés de Zahlé"]],
      ["ehden", ["Emigrants of Ehden", "مهاجرو إهدن", "Émigrés d'Ehden"]],
    ] as const) {
      await tx.query(
        `INSERT INTO registries (id, type, village_id, title, title_ar, title_fr, created_by) VALUES ($1, 'emigrant', $2, $3, $4, $5, $6)`,
        [registries[slug], vid[slug], ...title, member.id],
      );
    }
    for (const [who, country, year, note] of ENTRIES) {
      if (!people[who]) continue;
      const village = EMIGRANTS.find((e) => e[0] === who)?.[3] ?? "zahle";
      await tx.query(
        `INSERT INTO registry_entries (id, registry_id, person_id, destination_country, departure_year, notes, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [newId(), registries[village], people[who], country, year, note, member.id],
      );
      await tx.query(
        `INSERT INTO events (id, type, date_text, date_from, date_to, date_qualifier, primary_person_id, village_ids, created_by)
         VALUES ($1, 'emigration', $2::text, make_date($2::text::int, 1, 1), make_date($2::text::int, 12, 31), 'exact', $3, $4, $5)`,
        [newId(), String(year), people[who], [vid[village]], member.id],
      );
    }
  });
  logger.info("Seeded demo root hubs (landmarks, festivals, emigrant registers)");
}
