import { type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, messageOf } from '../lib/api-client';
import { toast } from '../lib/toast';

/** The first message per field, keyed by the form's field names. */
export type FieldErrors = Partial<Record<string, string>>;

export type FormSchemas = typeof import('../lib/form-schemas');
let formSchemas: Promise<FormSchemas> | undefined;
/** The shop forms' schemas (and zod): fetched once, on the first focus of a field or the first submit. */
export const loadFormSchemas = () => {
  formSchemas ??= import('../lib/form-schemas').catch((error: unknown) => {
    formSchemas = undefined;
    throw error;
  });
  return formSchemas;
};

/** What `field(name)` gives a field component (TextField, PasswordField, Select, MaskedField). */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onFocus: () => void;
}

/** A schema fetched with its own chunk on the form's first use (`{ load: () => import(...).then(...) }`). */
export interface SchemaLoader<TSchema> {
  load: () => Promise<TSchema>;
}
const isLoader = <TSchema>(given: TSchema | SchemaLoader<TSchema>): given is SchemaLoader<TSchema> =>
  typeof given === 'object' && given !== null && 'load' in given && typeof given.load === 'function';

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export interface SchemaFormOptions<TValues, TSchema extends z.ZodType, TResult> {
  /**
   * The domain schema the server validates with: nothing is sent until it passes. A shop form picks
   * it from `lib/form-schemas` (`(schemas) => schemas.loginBody`), so zod loads with the form's first use;
   * a staff screen with a budget of its own (the till) names a chunk of its own with `{ load }`.
   */
  schema: TSchema | ((schemas: FormSchemas) => TSchema) | SchemaLoader<TSchema>;
  initialValues: TValues;
  /** What the schema parses, built from the inputs' values (numbers from text, fields the form does not show). */
  toInput?: (values: TValues) => unknown;
  /** A form-level message checked first (SPEC's "fill in every field" texts); null lets the submit through. */
  check?: (values: TValues) => string | null;
  /** Schema issues under their fields (default), or the first one as the form's message. */
  issues?: 'fields' | 'form';
  /** Key errors by the whole path ('rates.3.price') rather than its first segment (forms over lists). */
  nestedFields?: boolean;
  /** The schema's and the server's field names that the form names otherwise. */
  fieldNames?: Record<string, string>;
  /** Sends the parsed data (a mutation's `mutateAsync`) and resolves with the server's answer. */
  submit: (data: z.output<TSchema>, values: TValues) => Promise<TResult>;
  onSuccess?: (result: TResult) => void;
  /** The failure message when the server sent none, or a function of the error that gives it. */
  errorMessage: string | ((error: unknown) => string);
  /** Where a failed submit's message shows: the form's alert, a toast, or both (the default). */
  report?: { alert?: boolean; toast?: boolean };
  /** After any failed submit, refused here or by the server; `set` changes the values (e.g. clears a taken slot). */
  onFailure?: (set: (patch: Partial<TValues>) => void) => void;
}

/**
 * The one form cycle: values → `check` → schema → submit → server field errors, message and toast.
 * Field errors come from the schema's issues and from the server's `details`, keyed by field.
 */
export function useSchemaForm<TValues, TSchema extends z.ZodType, TResult>(
  options: SchemaFormOptions<TValues, TSchema, TResult>,
) {
  const [values, setValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  /** Merges a change into the values (functional, so masked inputs and selects never race). */
  const set = (patch: Partial<TValues>) => setValues((current) => ({ ...current, ...patch }));

  const keyed = (entries: { field: string; message: string }[]): FieldErrors => {
    const found: FieldErrors = {};
    for (const { field, message } of entries) {
      const name = options.fieldNames?.[field] ?? field;
      if (name && !found[name]) found[name] = message;
    }
    return found;
  };

  const schema = async (): Promise<TSchema> => {
    const { schema: given } = options;
    if (typeof given === 'function') return given(await loadFormSchemas());
    return isLoader(given) ? given.load() : given;
  };
  const preload = () => {
    const { schema: given } = options;
    if (typeof given === 'function') void loadFormSchemas().catch(() => {});
    else if (isLoader(given)) void given.load().catch(() => {});
  };

  /** A field's value, change, error and name (`<TextField label="E-mail" {...form.field('email')} />`). */
  const field = (name: StringKeys<TValues>): FieldBinding => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onValueChange: (value: string) => set({ [name]: value } as Partial<TValues>),
    onFocus: preload,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    setErrors({});
    setFormError(null);
    const refused = options.check?.(values) ?? null;
    if (refused) {
      setFormError(refused);
      options.onFailure?.(set);
      return;
    }
    let validator: TSchema;
    inFlight.current = true;
    try {
      validator = await schema();
    } catch (error) {
      setFormError(messageOf(error, 'Não foi possível carregar o formulário. Verifique sua conexão.'));
      return;
    } finally {
      inFlight.current = false;
    }
    const parsed = validator.safeParse(options.toInput ? options.toInput(values) : values);
    if (!parsed.success) {
      if (options.issues === 'form') setFormError(parsed.error.issues[0]?.message ?? null);
      else
        setErrors(
          keyed(
            parsed.error.issues.map((issue) => ({
              field: options.nestedFields ? issue.path.join('.') : String(issue.path[0] ?? ''),
              message: issue.message,
            })),
          ),
        );
      options.onFailure?.(set);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    let result: TResult;
    try {
      result = await options.submit(parsed.data, values);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(
          keyed(
            error.details.map(({ field, message }) => ({
              field: options.nestedFields ? field : (field.split('.')[0] ?? ''),
              message,
            })),
          ),
        );
      }
      const { errorMessage, report = {} } = options;
      const message = typeof errorMessage === 'string' ? messageOf(error, errorMessage) : errorMessage(error);
      if (report.alert !== false) setFormError(message);
      if (report.toast !== false) toast.error(message);
      options.onFailure?.(set);
      return;
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
    options.onSuccess?.(result);
  };

  return { values, set, field, errors, formError, submitting, onSubmit, preload };
}
