const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SHAPE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2}) (\d{4})$/;

/**
 * `Tue Oct 15 12:34:56 +0000 2024` as ISO 8601 (`2024-10-15T12:34:56.000Z`), which Sheets and
 * date nodes understand; '' for an empty or unreadable timestamp.
 */
export function toIsoTimestamp(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = SHAPE.exec(value.trim());
  if (!match) return '';
  const [, month, day, hours, minutes, seconds, sign, offsetHours, offsetMinutes, year] = match;
  const monthIndex = MONTHS.indexOf(month as string);
  if (monthIndex < 0) return '';
  // Date.UTC rolls Feb 30 over into March; such a date is not a real timestamp.
  if (new Date(Date.UTC(Number(year), monthIndex, Number(day))).getUTCDate() !== Number(day)) return '';
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return '';
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes));
  return new Date(
    Date.UTC(Number(year), monthIndex, Number(day), Number(hours), Number(minutes) - offset, Number(seconds)),
  ).toISOString();
}
