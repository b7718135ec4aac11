import { AppError } from '../../errors.ts';

/**
 * How `q` is read: as typed (part numbers and full text); or, when that finds nothing, with each
 * word the names do not have replaced by the nearest one they do ("bearnig": "bearing", by
 * trigrams over `search_words`). A cursor keeps the mode of its first page.
 */
export type Mode = 'words' | 'typos';

export interface Cursor {
  sort: string;
  mode: Mode;
  value: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** What each sort's key looks like as text: a cursor is read back into SQL only when it fits. */
const cursorValue: Record<string, RegExp> = {
  // A class's rank (decision 044).
  relevance: /^[0-4]$/,
  newest: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/,
  price_asc: /^\d{1,10}$/,
  price_desc: /^\d{1,10}$/,
  name: /^[^\0]{0,400}$/,
};

/**
 * `withWords`: whether the search has words. Without them relevance is the newest parts' order
 * (search-conditions.ts `sortKey`), and its cursor holds a time, not a class's rank: a cursor of
 * the one read back into the other's key failed in PostgreSQL's cast (a 500).
 */
export function decodeCursor(text: string, sort: string, withWords: boolean): Cursor {
  const value = cursorValue[sort === 'relevance' && !withWords ? 'newest' : sort];
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (
      cursor.sort === sort &&
      (cursor.mode === 'words' || cursor.mode === 'typos') &&
      typeof cursor.value === 'string' &&
      (value?.test(cursor.value) ?? false) &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(cursor.id)
    )
      return cursor;
  } catch {}
  throw new AppError('INVALID', 'cursor: not a cursor of this search (start again without it)');
}
