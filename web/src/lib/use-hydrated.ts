import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False on the server and while React hydrates a server-rendered page, true after. A control
 * whose work is React's (an onClick, an onSubmit that calls the API) stays disabled until then:
 * a click before is lost, and a form's submit reloads the page (seen on a loaded CI machine:
 * "Add to cart" clicked before hydration, the cart stayed empty). A disabled control says so.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
