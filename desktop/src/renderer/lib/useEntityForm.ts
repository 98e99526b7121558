import { useId, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { applyServerFieldErrors } from './serverErrors';
import { yupResolver } from './yupResolver';

export interface EntityFormOptions<T extends FieldValues> {
  /** The shared yup schema of the form's fields; or `resolver` for a resolver of the form's own. */
  schema?: AnyObjectSchema;
  resolver?: Resolver<T>;
  defaultValues: DefaultValues<T>;
  /** The fields that show the server's field errors; `aliases` maps server names to them. */
  serverFields: ReadonlyArray<FieldPath<T>>;
  aliases?: Readonly<Record<string, FieldPath<T>>>;
  /** Server fields the dialog shows itself, outside the form's fields (read from `serverErrors`). */
  shownApart?: readonly string[];
  /** Saves the values (an RTK Query mutation's unwrap()); the dialog closes when it resolves. */
  save: (values: T) => Promise<unknown>;
  /** Deletes the entity being edited; the dialog closes when it resolves. Absent: no Delete. */
  remove?: () => Promise<unknown>;
  onClose: () => void;
}

/** What EntityFormDialog needs from the hook. */
export interface EntityFormState {
  formId: string;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  onDelete?: () => Promise<void>;
  onClose: () => void;
  saving: boolean;
  deleting: boolean;
  /** Messages of server field errors that no field of the form shows. */
  unplaced: string[];
}

/**
 * The wiring every add/edit dialog shares: react-hook-form with the shared yup schema, the save
 * (its server field errors go under the fields, the rest into `unplaced`), the delete, and the
 * state of the footer's buttons. The dialog keeps only its fields (see components/EntityFormDialog).
 * Toasts come from the listener middleware, as for every mutation.
 */
export function useEntityForm<T extends FieldValues>(options: EntityFormOptions<T>) {
  const { schema, serverFields, aliases = {}, shownApart = [], save, remove, onClose } = options;
  const formId = useId();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState(false);
  const form = useForm<T>({
    resolver: options.resolver ?? (schema ? yupResolver<T>(schema) : undefined),
    defaultValues: options.defaultValues,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerErrors({});
    try {
      await save(values);
      onClose();
    } catch (err) {
      const { error } = applyServerFieldErrors(err, form.setError, serverFields, aliases);
      setServerErrors(error.fields);
    }
  });

  const onDelete = remove
    ? async () => {
        setDeleting(true);
        try {
          await remove();
          onClose();
        } finally {
          setDeleting(false);
        }
      }
    : undefined;

  const placed = (field: string) =>
    (serverFields as readonly string[]).includes(field) || field in aliases || shownApart.includes(field);
  const dialog: EntityFormState = {
    formId,
    onSubmit,
    onDelete,
    onClose,
    saving: form.formState.isSubmitting,
    deleting,
    unplaced: Object.entries(serverErrors)
      .filter(([field]) => !placed(field))
      .map(([, message]) => message),
  };
  return { form, dialog, serverErrors };
}
