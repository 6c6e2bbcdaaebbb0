const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const integer = new Intl.NumberFormat('pt-BR');

/** 0.2857 → '28,6%' */
export const formatPercent = (rate: number): string => percent.format(rate);

/** 1234 → '1.234' */
export const formatCount = (n: number): string => integer.format(n);

/** '2026-03-01' → '01/03' */
export const formatDayMonth = (isoDate: string): string => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;

/**
 * A chart's category name in lines of at most `width` characters (Chart.js draws an array as lines),
 * two lines at most, the rest cut with '…': long names would otherwise be clipped on a phone.
 */
export const chartLabel = (name: string, width = 16): string | string[] => {
  if (name.length <= width) return name;
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const shown = lines.slice(0, 2).map((text) => (text.length > width ? `${text.slice(0, width - 1)}…` : text));
  if (lines.length > 2) shown[1] = `${(shown[1] ?? '').slice(0, width - 1)}…`;
  return shown;
};
