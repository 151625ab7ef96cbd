// The per-language translation modules vite.config.ts builds from translations.csv.
declare module "virtual:roots-translations/*" {
  const texts: Record<string, string>;
  export default texts;
}
