const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A due day (`2026-12-25`, a calendar day in UTC) as lists write dates: `Dec 25, 2026`. */
export function formatDay(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return `${months[month - 1]} ${date}, ${year}`;
}

/** "Net 30", or "No terms". */
export const termsLabel = (days: number | null) => (days ? `Net ${days}` : 'No terms');
