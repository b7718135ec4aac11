import { type ReactNode, useState } from 'react';

/**
 * A secret the server shows this once (an API key, a webhook's signing secret), selectable, with
 * a button that copies it; "I have stored it" puts it away for good.
 */
export function ShownOnce({
  region,
  heading,
  label,
  value,
  onDone,
  children,
}: {
  /** The section's accessible name. */
  region: string;
  heading: ReactNode;
  /** The field's label, and what the status lines call it ("key", "secret"). */
  label: string;
  value: string;
  onDone: () => void;
  /** What to do with it. */
  children: ReactNode;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const noun = label.split(' ').at(-1)?.toLowerCase() ?? 'value';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard (an http:// address on a LAN): the value stays selectable on the page.
      setCopied('no');
    }
  };

  return (
    <section
      aria-label={region}
      className="flex flex-col gap-3 rounded-box border border-success bg-success/10 p-4"
    >
      <h3 className="font-semibold break-all">{heading}</h3>
      <p className="text-sm">{children}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          aria-label={label}
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="input input-sm w-full font-mono"
        />
        <button type="button" className="btn btn-sm btn-primary" onClick={copy}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p role="status" className="text-sm text-base-content/70">
        {copied === 'yes' && `The ${noun} is on your clipboard.`}
        {copied === 'no' && `Copying is not allowed here: select the ${noun} and copy it.`}
      </p>
      <button type="button" className="btn btn-ghost btn-sm self-start" onClick={onDone}>
        I have stored it
      </button>
    </section>
  );
}
