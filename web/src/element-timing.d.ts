// Element Timing's attribute (Chromium): the server-rendered page's boot script imports the
// scripts once the image marked with it is painted (web/scripts/server-shell.mjs).
import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    elementtiming?: string | undefined;
  }
}
