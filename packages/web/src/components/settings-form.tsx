import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { type QueryKey, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError, apiRequest, errorText } from '../lib/api-client';
import { parseGermanNumber } from '../lib/format';
import { notifySuccess } from '../lib/notify';
import { PageLoader } from './page-loader';
import { ErrorState } from './states';

/** SPEC §5: a number field's non-numeric input counts as 0. */
export const toSettingsNumber = (value: string | number) =>
  typeof value === 'number' ? value : (parseGermanNumber(value) ?? 0);

type FieldErrors<T> = Partial<Record<keyof T, string>>;

/**
 * Load, edit and save one settings object (GET and PUT on the same URL): the form checks
 * with the contract's schema first, so field errors read the same as the server's.
 */
export function useSettingsForm<T extends Record<string, unknown>>(opts: {
  queryKey: QueryKey;
  url: string;
  defaults: T;
  schema: ZodType<T>;
  savedText: string;
  /** Queries whose answers depend on these settings. */
  invalidates: QueryKey[];
}) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: opts.queryKey,
    queryFn: ({ signal }) => apiRequest<T>(opts.url, { signal }),
  });
  const [values, setValues] = useState<T>({ ...opts.defaults });
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (body: T) => apiRequest<T>(opts.url, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(opts.queryKey, saved);
      for (const queryKey of opts.invalidates) void queryClient.invalidateQueries({ queryKey });
      notifySuccess(opts.savedText);
    },
    onError: (error) => {
      setSaveError(errorText(error, 'Fehler beim Speichern der Einstellungen'));
      if (error instanceof ApiError && error.details) setErrors(error.details as FieldErrors<T>);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    const parsed = opts.schema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors<T> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof T] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const setValue = <K extends keyof T>(key: K, value: T[K]) => setValues((prev) => ({ ...prev, [key]: value }));
  return { settings, values, setValue, errors, saveError, saving: save.isPending, submit };
}

/** The frame of a settings card: icon and title, a short explanation, loading and error states. */
export function SettingsCard(props: {
  titleId: string;
  icon: ReactNode;
  title: string;
  intro: ReactNode;
  query: UseQueryResult<unknown>;
  loadingText: string;
  loadErrorText: string;
  children: ReactNode;
}) {
  const { query } = props;
  return (
    <Card component="section" aria-labelledby={props.titleId}>
      <Group gap="sm" mb="xs" wrap="nowrap">
        {props.icon}
        <Title order={2} size="h4" id={props.titleId}>
          {props.title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {props.intro}
      </Text>
      {query.isPending ? (
        <PageLoader text={props.loadingText} />
      ) : query.isError ? (
        <ErrorState text={props.loadErrorText} onRetry={() => query.refetch()} />
      ) : (
        props.children
      )}
    </Card>
  );
}

/** The save error (if any) and the save button at the end of a settings form. */
export function SettingsFormFooter({ saveError, saving }: { saveError: string | null; saving: boolean }) {
  return (
    <>
      {saveError && (
        <Alert color="red" role="alert">
          {saveError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" disabled={saving}>
          {saving ? 'Speichern...' : 'Speichern'}
        </Button>
      </Group>
    </>
  );
}
