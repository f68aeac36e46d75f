import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type DependencyList, useLayoutEffect, useState } from 'react';

/**
 * The one way a dialog keeps its form (decision 0531): @mantine/form with the dialog's
 * rules as a pure `validate` (unit-tested next to it), values set afresh from `initial()`
 * whenever the dialog opens or `deps` change, and one sentence for the whole form in
 * `error`: the first message of a failed check (`onInvalid`) or the server's answer.
 * Fields are marked red without repeating the sentence under each (`field`).
 */
export function useDialogForm<Values extends Record<string, unknown>>(options: {
  opened: boolean;
  initial: () => Values;
  validate: (values: Values) => FormErrors;
  deps: DependencyList;
  /** The sentence goes away as soon as the user changes a field (it said what to fix). */
  clearErrorOnEdit?: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const form: UseFormReturnType<Values> = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initial(),
    validate: options.validate,
    onValuesChange: options.clearErrorOnEdit ? () => setError(null) : undefined,
  });
  // Before the browser paints the opened dialog, not after: a passive effect of an opening
  // that was not a click (a request handed over once the dialog's code loaded, decision 0691)
  // may run after the first input and wipe the message it caused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens or its subject changes, not on every render of the caller's closures.
  useLayoutEffect(() => {
    if (!options.opened) return;
    const start = options.initial();
    form.setInitialValues(start);
    form.setValues(start);
    form.clearErrors();
    setError(null);
  }, [options.opened, ...options.deps]);

  /** Value and change handler of a field, marked (not captioned) when its check failed. */
  const field = (path: keyof Values & string, type?: 'checkbox') => {
    const props = form.getInputProps(path, type ? { type } : undefined);
    return { ...props, error: Boolean(props.error) };
  };
  /** Sets one field (and clears its mark), typed by the values' keys, for fields made of parts. */
  const set = <K extends keyof Values & string>(key: K, value: Values[K]) =>
    // @mantine/form types a value by its path; a key of Values names the same value.
    form.setFieldValue(key, value as never);
  /** Shows the first message of the failed checks, in the order `validate` returned them. */
  const onInvalid = (errors: FormErrors) => {
    const first = Object.values(errors).find((message) => typeof message === 'string' && message);
    setError(typeof first === 'string' ? first : null);
  };
  return { form, error, setError, field, set, onInvalid };
}
