import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toApiError, type ApiError } from './apiErrors';

/**
 * Puts the server's field errors (error.fields) under the form's fields. `aliases` maps server
 * field names to form fields (e.g. users_email -> email). Returns the error and whether any
 * field message was placed, so the caller can show a banner only when none was.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  knownFields: ReadonlyArray<FieldPath<T>>,
  aliases: Readonly<Record<string, FieldPath<T>>> = {},
): { error: ApiError; placed: boolean } {
  const error = toApiError(err);
  let placed = false;
  for (const [serverField, message] of Object.entries(error.fields)) {
    const field = aliases[serverField] ?? (serverField as FieldPath<T>);
    if (!knownFields.includes(field)) continue;
    setError(field, { type: 'server', message });
    placed = true;
  }
  return { error, placed };
}
