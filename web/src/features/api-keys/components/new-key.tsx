import { useState } from 'react';

/** The key just made, with a button to copy it: it is never shown again. */
export function NewKey({
  name,
  apiKey,
  onDone,
}: {
  name: string;
  apiKey: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied('yes');
    } catch {
      // No clipboard (an http:// address on a LAN): the key stays selectable on the page.
      setCopied('no');
    }
  };

  return (
    <section
      aria-label="Your new API key"
      className="flex flex-col gap-3 rounded-box border border-success bg-success/10 p-4"
    >
      <h3 className="font-semibold">Key “{name}” created</h3>
      <p className="text-sm">
        Copy it now and keep it in your ERP’s settings: it is shown only this once. Send it as{' '}
        <code>Authorization: Bearer …</code>.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          aria-label="API key"
          value={apiKey}
          onFocus={(event) => event.currentTarget.select()}
          className="input input-sm w-full font-mono"
        />
        <button type="button" className="btn btn-sm btn-primary" onClick={copy}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p role="status" className="text-sm text-base-content/70">
        {copied === 'yes' && 'The key is on your clipboard.'}
        {copied === 'no' && 'Copying is not allowed here: select the key and copy it.'}
      </p>
      <button type="button" className="btn btn-ghost btn-sm self-start" onClick={onDone}>
        I have stored it
      </button>
    </section>
  );
}
