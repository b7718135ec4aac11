import { APP_NAME } from '@proper-parts/domain/constants';
import { useEffect } from 'react';

export const formatPageTitle = (title: string) => `${title} | ${APP_NAME}`;

/** Sets the browser tab title to `{title} | Proper Parts` while the calling page is shown. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}
