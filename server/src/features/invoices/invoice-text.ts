/** An invoice's text: money from cents, dates in UTC, and text the built-in font can draw. */

/** Dollars from integer cents by integer math: `$1,234.50`, `-$0.05`. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

// Dates in UTC, so an invoice reads the same wherever it is rendered.
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
export const formatDate = (date: Date) => longDate.format(date);

// The built-in Helvetica encodes WinAnsi only: code points 0x20–0x7E, 0xA0–0xFF and these.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
// Letters whose plain form no decomposition gives.
const plainLetters: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
};
const isWinAnsi = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(c);
};
// Zero-width characters, joiners, variation selectors, soft hyphens: nothing to draw.
const invisible = /\p{Default_Ignorable_Code_Point}/gu;
// A cell shows a few lines; a longer text is cut before it is measured (a megabyte name).
const MAX_FIELD_CHARS = 500;

/**
 * Text the built-in fonts can draw on one line: controls and newlines become spaces, a letter
 * outside WinAnsi its unaccented form where there is one (`ő` → `o`), anything else `?`.
 */
export function toWinAnsi(text: string | null | undefined): string {
  let out = '';
  for (const c of (text ?? '')
    .slice(0, MAX_FIELD_CHARS * 2)
    .normalize('NFC')
    .replace(invisible, '')) {
    if (isWinAnsi(c)) out += c;
    else if (/\s|\p{Cc}/u.test(c)) out += ' ';
    else {
      const plain = plainLetters[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain && [...plain].every(isWinAnsi) ? plain : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim().slice(0, MAX_FIELD_CHARS);
}

/** An address typed over several lines reads as one, comma-separated, and wraps in its block. */
export const oneLineAddress = (address: string) =>
  address
    .split(/\r?\n|\r/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
