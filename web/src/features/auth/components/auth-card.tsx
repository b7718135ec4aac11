import type { ReactNode } from 'react';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** The centred card every sign-in, sign-up and reset page sits in. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <section
        aria-labelledby="auth-card-title"
        className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-5 p-6 sm:p-8">
          <header className="text-center">
            <h1 id="auth-card-title" className="text-2xl font-bold tracking-tight">
              {title}
            </h1>
            {description && <p className="mt-2 text-sm text-base-content/70">{description}</p>}
          </header>
          {children}
        </div>
      </section>
    </div>
  );
}
