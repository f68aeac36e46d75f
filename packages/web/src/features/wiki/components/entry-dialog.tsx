import { WIKI_REQUIRED, type WikiEntry } from '@butler/contract/wiki';
import { Alert, Center, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCan } from '../../../app/permissions';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  createEntry,
  fetchDecryptedEntry,
  refreshWiki,
  updateEntry,
  uploadFiles,
  useWikiCategories,
  useWikiEntry,
} from '../api/wiki';
import { EntryFields } from './entry-fields';
import { type EntryValues, emptyValues, entryProblems, isPasswordCategory } from './entry-rules';

export type EntryDialogTexts = { title: string; updated: string; updateError: string };
const ENTRY_TEXTS: EntryDialogTexts = {
  title: 'Eintrag bearbeiten',
  updated: 'Wiki-Eintrag erfolgreich aktualisiert',
  updateError: 'Fehler beim Aktualisieren des Eintrags',
};

function fromEntry(entry: WikiEntry): EntryValues {
  return {
    ...emptyValues,
    customerId: entry.customer_id,
    categoryId: entry.category_id,
    title: entry.title,
    content: entry.is_password_entry ? '' : (entry.content ?? ''),
    username: entry.username ?? '',
    externalLink: entry.external_link ?? '',
    isFeatured: entry.is_featured,
  };
}

/** Create (entryId null) or edit a wiki entry; files are uploaded one by one after saving. */
export function EntryDialog({
  opened,
  onClose,
  entryId,
  defaults,
  texts = ENTRY_TEXTS,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  entryId: number | null;
  defaults?: { customerId: number | null; customerLabel?: string | null; categoryId: number | null };
  texts?: EntryDialogTexts;
  onSaved?: (entry: WikiEntry) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const editing = entryId !== null;
  const categories = useWikiCategories();
  const loaded = useWikiEntry(opened && editing ? entryId : null);
  const entry = loaded.data;
  // The edit form shows the current secrets (an audited reveal) to who may reveal them here;
  // the others may replace them without seeing them (decision 0540). Never kept in the cache.
  const can = useCan();
  const mayReveal =
    can('wiki.secret.reveal') ||
    (can('wiki.secret.reveal_allowed') &&
      !!categories.data?.find((c) => c.id === entry?.category_id)?.butler_may_reveal);
  const secrets = useQuery({
    queryKey: ['wiki-secret', entryId],
    queryFn: () => fetchDecryptedEntry(entryId ?? 0),
    enabled: opened && !!entry?.is_password_entry && mayReveal,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  // The password field decides by the chosen category, so the rules ask it at submit time.
  const passwordFor = (categoryId: number | null) =>
    !!entry?.is_password_entry || isPasswordCategory(categories.data?.find((c) => c.id === categoryId));
  const { form, error, setError, set } = useDialogForm({
    opened,
    // Filled once per opening and entry: a refetch (e.g. after deleting a file) must not undo typing.
    initial: () =>
      entry
        ? fromEntry(entry)
        : { ...emptyValues, customerId: defaults?.customerId ?? null, categoryId: defaults?.categoryId ?? null },
    validate: (v) => entryProblems(v, passwordFor(v.categoryId), editing),
    deps: [entryId, entry?.id],
  });
  const values = form.values;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the decrypted secrets arrive.
  useEffect(() => {
    const clear = secrets.data;
    if (clear) form.setValues({ username: clear.username ?? '', password: clear.content ?? '' });
  }, [secrets.data]);

  const password = passwordFor(values.categoryId);
  // Missing fields are marked; their one sentence stands under the form (a bad link says so under its field).
  const onInvalid = (errors: Record<string, unknown>) =>
    setError(Object.values(errors).includes(WIKI_REQUIRED) ? WIKI_REQUIRED : null);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const link = values.externalLink.trim() || null;
    const content = password ? values.password : values.content;
    let saved: WikiEntry;
    try {
      saved = editing
        ? await updateEntry(entryId, {
            title: values.title.trim(),
            // An emptied password field keeps the stored one.
            content: content === '' ? null : content,
            username: values.username.trim(),
            external_link: link,
            is_featured: password ? false : values.isFeatured,
            ...(values.project && !password ? { sync_to_project: true } : {}),
          })
        : await createEntry({
            customer_id: values.customerId ?? 0,
            category_id: values.categoryId ?? 0,
            title: values.title.trim(),
            content,
            username: values.username.trim() || null,
            is_password_entry: password,
            external_link: link,
            is_featured: password ? false : values.isFeatured,
            create_project: values.project && !password,
          });
    } catch (cause) {
      setError(errorText(cause, editing ? texts.updateError : 'Fehler beim Erstellen des Eintrags'));
      return;
    }
    const upload =
      values.files.length > 0 ? await uploadFiles(saved.id, values.files) : { failed: 0, firstError: null };
    refreshWiki(queryClient);
    if (upload.failed > 0 && !editing) {
      notifications.show({
        color: 'yellow',
        autoClose: 8000,
        message:
          'Wiki-Eintrag erstellt, aber Fehler beim Hochladen der Dateien. Dateien können nachträglich hinzugefügt werden.',
      });
    } else if (upload.failed > 0) {
      notifyError(errorText(upload.firstError, 'Fehler beim Hochladen der Dateien'));
    } else if (editing) {
      notifySuccess(texts.updated);
    } else {
      notifySuccess(
        values.files.length > 0
          ? `Wiki-Eintrag mit ${values.files.length} Datei(en) erfolgreich erstellt`
          : 'Wiki-Eintrag erfolgreich erstellt',
      );
    }
    onSaved?.(saved);
    onClose();
  }, onInvalid);

  const loadError = editing && loaded.isError;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? texts.title : 'Neuer Wiki-Eintrag'}
      fullScreen={phone}
      size="xl"
    >
      {loadError ? (
        <Alert color="red" role="alert">
          {errorText(loaded.error, 'Fehler beim Laden des Eintrags')}
        </Alert>
      ) : editing && !entry ? (
        <Center py="xl">
          <Loader aria-label="Eintrag wird geladen" />
        </Center>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack>
            <EntryFields
              values={values}
              set={set}
              errors={form.errors as Partial<Record<keyof EntryValues, string>>}
              entry={entry ?? null}
              categories={categories.data ?? []}
              password={password}
              customerLabel={entry?.customer_name ?? defaults?.customerLabel ?? null}
              secretsError={
                secrets.isError ? errorText(secrets.error, 'Fehler beim Entschlüsseln des Passworts') : null
              }
            />
            <FormError message={error} />
            <DialogButtons
              busy={form.submitting}
              onCancel={onClose}
              label={editing ? 'Speichern' : 'Eintrag erstellen'}
              busyLabel={editing ? 'Speichern...' : 'Wird erstellt...'}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
