import { DESCRIPTION_CHECK_LENGTH, DESCRIPTION_CUT_LENGTH } from './constants.ts';

/**
 * The description on a product card: checked at 100 characters, cut at 150 (spec §2, §9). The
 * cut drops trailing spaces and punctuation, so the "…" that follows never reads "....".
 */
export function shortDescription(description: string): { text: string; truncated: boolean } {
  if (description.length <= DESCRIPTION_CHECK_LENGTH)
    return { text: description, truncated: false };
  const cut = description.slice(0, DESCRIPTION_CUT_LENGTH).replace(/[\s.,;:!?…-]+$/u, '');
  return { text: cut, truncated: true };
}
