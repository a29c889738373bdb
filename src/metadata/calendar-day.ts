/** A day as the date stamp and the EXIF dates name it. No imports: the effects and the intake share it. */

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-30), years 1900-2099 as a date back prints them. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2099 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
