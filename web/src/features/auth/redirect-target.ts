import { paths } from '../../config/paths';
import type { FromState } from './components/route-guards';

/**
 * Where to go after signing in: the page a guard sent the user away from (its path and query),
 * or home. Only same-site paths are taken, never `//host` or a full URL.
 */
export function redirectTargetOf(state: unknown): string {
  const from = (state as FromState | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return paths.home;
  }
  const search = typeof from?.search === 'string' ? from.search : '';
  return `${pathname}${search}`;
}
