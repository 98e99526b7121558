import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * A minimal react-hook-form resolver for the shared yup schemas: validates all fields
 * (abortEarly false), reports the first message per field, and hands the cast values
 * (trimmed strings, transforms applied) to the submit handler.
 */
export function yupResolver<T extends FieldValues>(schema: AnyObjectSchema): Resolver<T> {
  return async (values) => {
    try {
      const cast = (await schema.validate(values, { abortEarly: false, stripUnknown: false })) as T;
      return { values: cast, errors: {} };
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const errors: Record<string, { type: string; message: string }> = {};
      const issues = err.inner.length > 0 ? err.inner : [err];
      for (const issue of issues) {
        const path = issue.path ?? 'root';
        if (!errors[path]) errors[path] = { type: issue.type ?? 'validation', message: issue.message };
      }
      return { values: {}, errors: errors as unknown as FieldErrors<T> };
    }
  };
}
