/** Lower-cases and strips accents: 'Ração' -> 'racao'. Same rule as the database search index. */
export const foldText = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
