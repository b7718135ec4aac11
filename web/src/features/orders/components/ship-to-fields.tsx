import { AddressFields } from '../../addresses/components/address-fields';

/**
 * The ship-to address of a checkout or a quote acceptance, with the text address of an older
 * order shown above it (it cannot fill the fields); `markBegun` hears every change in them.
 */
export function ShipToFields({
  textAddress,
  markBegun,
}: {
  textAddress: string;
  markBegun: () => void;
}) {
  return (
    <div onChangeCapture={markBegun} onInputCapture={markBegun} className="flex flex-col gap-3">
      {textAddress && (
        <p role="note" className="text-sm text-base-content/70" data-testid="text-address">
          Shipped before to: <span className="font-medium">{textAddress}</span>. Enter it in the
          fields below.
        </p>
      )}
      <AddressFields name="shipTo" legend="Ship to" />
    </div>
  );
}
