import type { DataSource } from "typeorm";
import { logger } from "../../../common/logger.js";
import { newId } from "../../../common/uuid.js";
import { nameKeys } from "../names/normalize.js";

/**
 * Demo content for two real villages (Zahle and Ehden): their history in three languages,
 * two historical families of Ehden with documented figures, and a small family tree for
 * the demo member account (a fictional family, like the demo accounts themselves).
 */
const HISTORY = {
  zahle: {
    en: "Zahle is the capital of the Beqaa Governorate, built on the slopes of Mount Sannine where the Berdawni river enters the plain. Known as the Bride of the Beqaa, it grew in the nineteenth century as a trading town between Mount Lebanon and Damascus, and is famous for its riverside cafés, vineyards and arak. Many Zahle families emigrated to Brazil, Argentina and the United States.",
    ar: "زحلة عاصمة محافظة البقاع، مبنية على سفوح جبل صنين حيث يدخل نهر البردوني السهل. تُعرف بعروس البقاع، ونمت في القرن التاسع عشر مدينةً تجارية بين جبل لبنان ودمشق، واشتهرت بمقاهي النهر وكرومها وعرقها. هاجرت عائلات زحلية كثيرة إلى البرازيل والأرجنتين والولايات المتحدة.",
    fr: "Zahlé est le chef-lieu du mohafazat de la Békaa, bâtie sur les pentes du mont Sannine là où le Berdaouni entre dans la plaine. Surnommée la Fiancée de la Békaa, elle s'est développée au XIXe siècle comme ville marchande entre le Mont-Liban et Damas, et elle est célèbre pour ses cafés au bord de la rivière, ses vignes et son arak. Beaucoup de familles de Zahlé ont émigré au Brésil, en Argentine et aux États-Unis.",
  },
  ehden: {
    en: "Ehden is a mountain town of the Zgharta district, about 1,500 metres above sea level, where the families of Zgharta spend the summer. It is the home of the Horsh Ehden nature reserve, the birthplace of Patriarch Estephan El Douaihy (1630–1704), historian of the Maronites, and of Youssef Bey Karam (1823–1889), who led the resistance to Ottoman rule in northern Lebanon.",
    ar: "إهدن بلدة جبلية في قضاء زغرتا، على ارتفاع نحو 1500 متر عن سطح البحر، تصطاف فيها عائلات زغرتا. فيها محمية حرش إهدن، وهي مسقط رأس البطريرك إسطفان الدويهي (1630–1704) مؤرخ الموارنة، ويوسف بك كرم (1823–1889) الذي قاد مقاومة الحكم العثماني في شمال لبنان.",
    fr: "Ehden est une ville de montagne du caza de Zgharta, à environ 1 500 mètres d'altitude, où les familles de Zgharta passent l'été. On y trouve la réserve naturelle de Horsh Ehden ; c'est le lieu de naissance du patriarche Estephan El Douaihy (1630–1704), historien des maronites, et de Youssef Bey Karam (1823–1889), qui mena la résistance au pouvoir ottoman au Nord-Liban.",
  },
};

interface DemoPerson {
  key: string;
  fullName: string;
  fullNameAr: string;
  gender: "M" | "F";
  birth?: [text: string, from: string, to: string, qualifier: string];
  death?: [text: string, from: string, to: string, qualifier: string];
  birthPlace?: string;
  village: "zahle" | "ehden";
  family?: "karam" | "douaihy" | "saab";
  occupation?: string;
  bio?: string;
  provenance: "VERIFIED" | "COMMUNITY";
  parents?: string[];
}

const year = (y: number): [string, string, string, string] => [String(y), `${y}-01-01`, `${y}-12-31`, "exact"];

const PEOPLE: DemoPerson[] = [
  {
    key: "douaihy",
    fullName: "Estephan El Douaihy",
    fullNameAr: "إسطفان الدويهي",
    gender: "M",
    birth: ["2 AUG 1630", "1630-08-02", "1630-08-02", "exact"],
    death: ["3 MAY 1704", "1704-05-03", "1704-05-03", "exact"],
    birthPlace: "Ehden",
    village: "ehden",
    family: "douaihy",
    occupation: "Maronite Patriarch, historian",
    provenance: "VERIFIED",
  },
  {
    key: "karam",
    fullName: "Youssef Bey Karam",
    fullNameAr: "يوسف بك كرم",
    gender: "M",
    birth: year(1823),
    death: year(1889),
    birthPlace: "Ehden",
    village: "ehden",
    family: "karam",
    occupation: "Leader of the resistance to Ottoman rule in northern Lebanon",
    provenance: "VERIFIED",
  },
  // The demo member's family (fictional, for the demo only).
  {
    key: "g2",
    fullName: "Mikhael Saab",
    family: "saab",
    fullNameAr: "ميخائيل صعب",
    gender: "M",
    birth: ["ABT 1890", "1885-01-01", "1895-12-31", "about"],
    death: year(1961),
    village: "zahle",
    occupation: "Vine grower",
    provenance: "COMMUNITY",
  },
  {
    key: "g1",
    fullName: "Elias Saab",
    family: "saab",
    fullNameAr: "الياس صعب",
    gender: "M",
    birth: year(1921),
    death: year(1996),
    village: "zahle",
    occupation: "Emigrated to São Paulo in 1948",
    provenance: "COMMUNITY",
    parents: ["g2"],
  },
  {
    key: "p",
    fullName: "Georges Saab",
    family: "saab",
    fullNameAr: "جورج صعب",
    gender: "M",
    birth: year(1958),
    village: "zahle",
    provenance: "COMMUNITY",
    parents: ["g1"],
  },
  {
    key: "me",
    fullName: "Maya Saab",
    family: "saab",
    fullNameAr: "مايا صعب",
    gender: "F",
    birth: year(1990),
    village: "zahle",
    provenance: "COMMUNITY",
    parents: ["p"],
  },
];

export async function seedDemoGenealogy(ds: DataSource): Promise<void> {
  const [member]: { id: string }[] = await ds.query(`SELECT id FROM users WHERE email = 'member@roots.demo'`);
  if (!member) return;
  const already: unknown[] = await ds.query(`SELECT 1 FROM people WHERE created_by = $1 LIMIT 1`, [member.id]);
  if (already.length) return;
  await ds.transaction(async (tx) => {
    const villages: { id: string; slug: string }[] = await tx.query(
      `SELECT id, slug FROM villages WHERE rootspace_id = 'lb' AND slug IN ('zahle', 'ehden')`,
    );
    const vid = Object.fromEntries(villages.map((v) => [v.slug, v.id]));
    if (!vid.zahle || !vid.ehden) return;
    for (const [slug, h] of Object.entries(HISTORY)) {
      await tx.query(
        `UPDATE villages SET description = COALESCE(description, $2), description_ar = COALESCE(description_ar, $3), description_fr = COALESCE(description_fr, $4), has_church = true, has_school = true WHERE id = $1`,
        [vid[slug], h.en, h.ar, h.fr],
      );
    }
    // Every demo village has its families: a village page lists them.
    const fam = { karam: newId(), douaihy: newId(), saab: newId() };
    for (const [key, en, ar, village, provenance] of [
      ["karam", "Karam", "كرم", "ehden", "VERIFIED"],
      ["douaihy", "Douaihy", "الدويهي", "ehden", "VERIFIED"],
      ["saab", "Saab", "صعب", "zahle", "COMMUNITY"],
    ] as const) {
      await tx.query(
        `INSERT INTO families (id, rootspace_id, village_id, family_name, family_name_ar, family_name_fr, provenance, confidence, key_skeleton, created_by)
         VALUES ($1, 'lb', $2, $3, $4, $3, $5, $6, $7, $8)`,
        [fam[key], vid[village], en, ar, provenance, provenance === "VERIFIED" ? 0.95 : 0.7, nameKeys([en], [ar]).skeleton, member.id],
      );
    }
    const ids = Object.fromEntries(PEOPLE.map((p) => [p.key, newId()]));
    for (const p of PEOPLE) {
      const keys = nameKeys([p.fullName], [p.fullNameAr]);
      await tx.query(
        `INSERT INTO people (id, rootspace_id, full_name, full_name_ar, gender, birth_date_text, birth_date_from, birth_date_to, birth_date_qualifier,
           death_date_text, death_date_from, death_date_to, death_date_qualifier, birth_place, village_id, family_id, occupation, provenance, confidence,
           privacy_settings, created_by, key_latin, key_arabic, key_skeleton, is_deceased, entry)
         VALUES ($1, 'lb', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, 'CURATED')`,
        [
          ids[p.key],
          p.fullName,
          p.fullNameAr,
          p.gender,
          p.birth?.[0] ?? null,
          p.birth?.[1] ?? null,
          p.birth?.[2] ?? null,
          p.birth?.[3] ?? null,
          p.death?.[0] ?? null,
          p.death?.[1] ?? null,
          p.death?.[2] ?? null,
          p.death?.[3] ?? null,
          p.birthPlace ?? null,
          vid[p.village],
          p.family ? fam[p.family] : null,
          p.occupation ?? null,
          p.provenance,
          p.provenance === "VERIFIED" ? 0.95 : 0.7,
          JSON.stringify({ showBirthDate: false, showLocation: false, showContact: false }),
          member.id,
          keys.latin,
          keys.arabic,
          keys.skeleton,
          Boolean(p.death),
        ],
      );
    }
    for (const p of PEOPLE) {
      for (const parent of p.parents ?? []) {
        await tx.query(`INSERT INTO parent_links (id, parent_id, child_id, kind, created_by) VALUES ($1, $2, $3, 'birth', $4)`, [
          newId(),
          ids[parent],
          ids[p.key],
          member.id,
        ]);
      }
    }
    await tx.query(`UPDATE people SET user_id = $1 WHERE id = $2`, [member.id, ids.me]);
    // A family event of the village, apart from its festivals: where it happened, in the reader's script.
    await tx.query(
      `INSERT INTO events (id, type, date_text, date_from, date_to, date_qualifier, place, primary_person_id, village_ids, created_by)
       VALUES ($1, 'death', '1961', '1961-01-01', '1961-12-31', 'exact', 'Zahle', $2, $3, $4)`,
      [newId(), ids.g2, [vid.zahle], member.id],
    );
    // The demo curator curates Zahle (curators' powers are per village).
    await tx.query(
      `INSERT INTO village_curators (id, user_id, village_id) SELECT $1, u.id, $2 FROM users u WHERE u.email = 'curator@roots.demo' ON CONFLICT DO NOTHING`,
      [newId(), vid.zahle],
    );
  });
  logger.info("Seeded demo genealogy (Zahle, Ehden)");
}
