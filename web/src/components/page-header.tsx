import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Dashboard pages sit under the dashboard's own heading, so they use a second-level heading. */
  level?: 1 | 2;
};

export function PageHeader({ title, description, level = 1 }: PageHeaderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <header className="mb-8">
      <Heading className="text-3xl font-bold tracking-tight">{title}</Heading>
      {description && <p className="mt-2 max-w-2xl text-base-content/70">{description}</p>}
    </header>
  );
}
