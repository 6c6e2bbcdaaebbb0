import { addDays, businessToday, type ReportSummaryQuery, reportSummaryQuery } from '@petshop/domain';

/** The quick choices: the last 7, 30 and 90 days, today included. */
export const PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PRESET_DAYS)[number];
export const DEFAULT_PRESET: PresetDays = 30;

export const lastDays = (days: number, today = businessToday()): ReportSummaryQuery => ({
  from: addDays(today, -(days - 1)),
  to: today,
});

/** The preset a period is, if it is one (it ends today). */
export const presetOf = (period: ReportSummaryQuery, today = businessToday()): PresetDays | undefined =>
  PRESET_DAYS.find((days) => {
    const preset = lastDays(days, today);
    return preset.from === period.from && preset.to === period.to;
  });

/** The period in the address (?from&to), or the default one when it is missing or invalid. */
export const periodFromSearch = (search: URLSearchParams): ReportSummaryQuery => {
  const parsed = reportSummaryQuery.safeParse({ from: search.get('from'), to: search.get('to') });
  return parsed.success ? parsed.data : lastDays(DEFAULT_PRESET);
};

/** The store in the address (?storeId), or undefined: every store the caller has. */
export const storeFromSearch = (search: URLSearchParams): number | undefined => {
  const id = Number(search.get('storeId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};
