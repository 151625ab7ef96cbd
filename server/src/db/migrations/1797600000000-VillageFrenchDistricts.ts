import type { MigrationInterface, QueryRunner } from "typeorm";

/** The gazetteer's French names (lb-localities.csv, county_name_fra and region_name_fra) as they were when this was written. */
const DISTRICTS: [string, string][] = [
  ["Akkar", "Akkar"],
  ["Aley", "Aley"],
  ["Baabda", "Baabda"],
  ["Baalbek", "Baalbek"],
  ["Bcharre", "Bcharré"],
  ["Bent Jbeil", "Bint-Jbeil"],
  ["Chouf", "Chouf"],
  ["El Batroun", "Batroun"],
  ["El Hermel", "Hermel"],
  ["El Koura", "Koura"],
  ["El Meten", "Metn"],
  ["El Minieh-Dennie", "Al-Minya-Dennie"],
  ["El Nabatieh", "Nabatieh"],
  ["Hasbaya", "Hasbaya"],
  ["Jbeil", "Jbeil"],
  ["Jezzine", "Jezzine"],
  ["Kesrwane", "Kesrouan"],
  ["Marjaayoun", "Marjayoun"],
  ["Rachaya", "Rachaya"],
  ["Saida", "Saïda"],
  ["Sour", "Sour"],
  ["Tripoli", "Tripoli"],
  ["West Bekaa", "Bekaa occidentale"],
  ["Zahle", "Zahlé"],
  ["Zgharta", "Zghorta"],
];
const GOVERNORATES: [string, string][] = [
  ["Akkar", "Akkar"],
  ["Baalbek-Hermel", "Baalbek-Hermel"],
  ["Beqaa", "Beqaa"],
  ["Mount Lebanon", "Mont Liban"],
  ["Nabatieh", "Nabatieh"],
  ["North Lebanon", "Liban-Nord"],
  ["South Lebanon", "Liban du Sud"],
];

/**
 * Villages carry their district (caza) and governorate (mohafaza) in French too, so French readers
 * no longer read the English names ("Mont Liban", not "Mount Lebanon"). Villages already imported
 * get them here, by their English name, without waiting for the gazetteer's next import (which
 * fills them from the CSV from now on).
 */
export class VillageFrenchDistricts1797600000000 implements MigrationInterface {
  name = "VillageFrenchDistricts1797600000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "villages" ADD "district_fr" text`);
    await queryRunner.query(`ALTER TABLE "villages" ADD "governorate_fr" text`);
    await queryRunner.query(
      `UPDATE villages v SET district_fr = m.fr FROM unnest($1::text[], $2::text[]) AS m(en, fr) WHERE v.district = m.en`,
      [DISTRICTS.map(([en]) => en), DISTRICTS.map(([, fr]) => fr)],
    );
    await queryRunner.query(
      `UPDATE villages v SET governorate_fr = m.fr FROM unnest($1::text[], $2::text[]) AS m(en, fr) WHERE v.governorate = m.en`,
      [GOVERNORATES.map(([en]) => en), GOVERNORATES.map(([, fr]) => fr)],
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "villages" DROP COLUMN "governorate_fr"`);
    await queryRunner.query(`ALTER TABLE "villages" DROP COLUMN "district_fr"`);
  }
}
