import { toast } from 'sonner';
import { wantToaster } from '../components/toaster';

/** The app's one way to toast: importing it mounts the Toaster (components/toaster.tsx). */
wantToaster();

export { toast };
