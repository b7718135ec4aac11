import { SIGNATURE_HEADER } from '@proper-parts/domain/webhooks';
import { ShownOnce } from '../../../components/shown-once';

/** The signing secret of the endpoint just registered, with a copy button: never shown again. */
export function NewSecret({
  url,
  secret,
  onDone,
}: {
  url: string;
  secret: string;
  onDone: () => void;
}) {
  return (
    <ShownOnce
      region="Your endpoint's signing secret"
      heading={`Endpoint ${url} registered`}
      label="Signing secret"
      value={secret}
      onDone={onDone}
    >
      Copy its signing secret now: it is shown only this once. Your receiver checks the{' '}
      <code>{SIGNATURE_HEADER}</code> header of every delivery with it.
    </ShownOnce>
  );
}
