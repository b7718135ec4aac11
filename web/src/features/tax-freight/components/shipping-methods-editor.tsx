import { zodResolver } from '@hookform/resolvers/zod';
import type { ShippingMethodsRequest, ShippingMethodView } from '@proper-parts/domain/shipping';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { toast } from '../../../lib/toast';
import { useSaveShippingMethods } from '../api/tax-freight';
import { ListItemFieldset } from './list-item-actions';
import { MethodFields } from './method-fields';
import {
  emptyMethod,
  type ShippingMethodsForm,
  shippingMethodsForm,
  toShippingMethodsForm,
} from './shipping-methods-schema';
import { ShippingMethodsTable } from './shipping-methods-table';
import { FieldListError } from './zone-fields';

/**
 * Issue 33: the shipping methods checkout offers, in the order shown: a table of what is saved,
 * and a form of every method (weights in kg, amounts in dollars) checked by the domain's schema,
 * each problem in red under its field, saved whole; the server's refusal shows under the form.
 */
export function ShippingMethodsEditor({ methods }: { methods: ShippingMethodView[] }) {
  const save = useSaveShippingMethods();
  const form = useForm<ShippingMethodsForm, unknown, ShippingMethodsRequest>({
    resolver: zodResolver(shippingMethodsForm),
    defaultValues: toShippingMethodsForm(methods),
  });
  const { control, handleSubmit, formState } = form;
  const list = useFieldArray({ control, name: 'methods' });
  const submit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      toast.success(`${saved.methods.length} shipping methods saved`);
    } catch {
      // Under the form.
    }
  });
  return (
    <div className="flex flex-col gap-4">
      {methods.length === 0 ? (
        <p className="text-sm text-base-content/70">
          No shipping method is saved: checkout charges no freight.
        </p>
      ) : (
        <ShippingMethodsTable methods={methods} />
      )}
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={submit}
          aria-label="Shipping methods"
          className="flex min-w-0 flex-col gap-4"
        >
          {list.fields.map((method, i) => (
            <ListItemFieldset
              key={method.id}
              legend={`Method ${i + 1}`}
              className="sm:p-4"
              what={`method ${i + 1}`}
              index={i}
              count={list.fields.length}
              onMove={list.move}
              onRemove={() => list.remove(i)}
            >
              <MethodFields method={i} />
            </ListItemFieldset>
          ))}
          <FieldListError
            message={formState.errors.methods?.root?.message ?? formState.errors.methods?.message}
          />
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => list.append(emptyMethod())}
            >
              Add a shipping method
            </button>
            <BusyButton busy={save.isPending} className="btn-primary btn-sm sm:w-auto">
              Save shipping methods
            </BusyButton>
          </div>
          <FormAlert message={save.error?.message} />
        </form>
      </FormProvider>
    </div>
  );
}
