import { ShownOnce } from '../../../components/shown-once';

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
  return (
    <ShownOnce
      region="Your new API key"
      heading={`Key “${name}” created`}
      label="API key"
      value={apiKey}
      onDone={onDone}
    >
      Copy it now and keep it in your ERP’s settings: it is shown only this once. Send it as{' '}
      <code>Authorization: Bearer …</code>.
    </ShownOnce>
  );
}
