import type { MigrationInterface, QueryRunner } from "typeorm";
import { TITLE_KEYS, titleKeysOf } from "../../modules/rootpedia/title-keys.js";

/**
 * Rootpedia's search finds an article from its name in the other script or another spelling
 * ("zahle" finds زحلة, "Berdaouni" Berdawni): each article's search text ends with its title's
 * name keys, as the people search keys names (rootpedia/title-keys.ts). Those
 * of the articles already written are added here; derived data, recomputed at each save.
 */
export class RootpediaTitleKeys1798100000001 implements MigrationInterface {
  name = "RootpediaTitleKeys1798100000001";

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows: { id: string; title: string }[] = await queryRunner.query(
      `SELECT id, title FROM rootpedia_articles WHERE position($1 IN search_text) = 0`,
      [TITLE_KEYS],
    );
    for (let i = 0; i < rows.length; i += 5000) {
      const chunk = rows.slice(i, i + 5000);
      await queryRunner.query(
        `UPDATE rootpedia_articles a SET search_text = a.search_text || k.keys FROM unnest($1::uuid[], $2::text[]) AS k(id, keys) WHERE a.id = k.id`,
        [chunk.map((r) => r.id), chunk.map((r) => titleKeysOf(r.title))],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE rootpedia_articles SET search_text = left(search_text, position($1 IN search_text) - 4) WHERE position($1 IN search_text) > 0`,
      [TITLE_KEYS],
    );
  }
}
