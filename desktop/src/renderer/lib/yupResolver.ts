import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * A minimal react-hook-form resolver for the shared yup schemas: validates all fields
 * (abortEarly false) and reports the first message per field (a nested path, e.g. Tags[0].id,
 * under its top-level field). Without `toInput` the submit handler gets the cast values (trimmed
 * strings, transforms applied). With it, the schema checks `toInput(values)` (the body the form
 * will send) and the handler gets the form's own values.
 */
export function yupResolver<T extends FieldValues>(
  schema: AnyObjectSchema,
  toInput?: (values: T) => unknown,
): Resolver<T> {
  return async (values) => {
    try {
      if (toInput) {
        await schema.validate(toInput(values), { abortEarly: false });
        return { values, errors: {} };
      }
      const cast = (await schema.validate(values, { abortEarly: false, stripUnknown: false })) as T;
      return { values: cast, errors: {} };
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const errors: Record<string, { type: string; message: string }> = {};
      const issues = err.inner.length > 0 ? err.inner : [err];
      for (const issue of issues) {
        const path = (issue.path ?? 'root').split(/[.[]/)[0] || 'root';
        if (!errors[path]) errors[path] = { type: issue.type ?? 'validation', message: issue.message };
      }
      return { values: {}, errors: errors as unknown as FieldErrors<T> };
    }
  };
}
