import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type DependencyList, useEffect, useState } from 'react';

/**
 * The one way a dialog keeps its form (decision 0531): @mantine/form with the dialog's
 * rules as a pure `validate` (unit-tested next to it), values set afresh from `initial()`
 * whenever the dialog opens or `deps` change, and one sentence for the whole form (the
 * server's answer or the SPEC text of a failed check) in `error`.
 */
export function useDialogForm<Values extends Record<string, unknown>>(options: {
  opened: boolean;
  initial: () => Values;
  validate: (values: Values) => FormErrors;
  deps: DependencyList;
}): { form: UseFormReturnType<Values>; error: string | null; setError: (error: string | null) => void } {
  const form = useForm<Values>({ mode: 'controlled', initialValues: options.initial(), validate: options.validate });
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens or its subject changes, not on every render of the caller's closures.
  useEffect(() => {
    if (!options.opened) return;
    const start = options.initial();
    form.setInitialValues(start);
    form.setValues(start);
    form.clearErrors();
    setError(null);
  }, [options.opened, ...options.deps]);
  return { form, error, setError };
}
