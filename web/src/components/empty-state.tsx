import type { ReactNode } from 'react';

/** A calm, bordered panel for "nothing here yet" (or "arriving soon") content. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-box border border-dashed border-base-300 bg-base-200/60 px-6 py-12 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children && <div className="mx-auto mt-2 max-w-md text-base-content/70">{children}</div>}
    </div>
  );
}
