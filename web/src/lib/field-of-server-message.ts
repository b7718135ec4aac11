import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Which of a form's fields a server message is about. The API names the field first
 * ("quantity: only 3 in Leeds", "priceBreaks.1.price: …"): the path when its first part is one
 * of `fields`, so the form shows the message under that field; otherwise undefined (a line under
 * the form).
 */
export function fieldOfServerMessage<Path extends string>(
  message: string,
  fields: readonly string[],
): Path | undefined {
  const path = /^([\w.]+):/.exec(message)?.[1];
  return path && fields.includes(path.split('.')[0] ?? '') ? (path as Path) : undefined;
}

/**
 * A failed call's message under the field it names, else on the form (`errors.root.server`,
 * shown with FormAlert).
 */
export function showServerError<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fields: readonly (keyof Values & string)[],
  message: string,
) {
  setError(fieldOfServerMessage<FieldPath<Values>>(message, fields) ?? 'root.server', { message });
}
