import { WIKI_REQUIRED, type WikiCategory, type WikiEntry } from '@butler/contract/wiki';
import { Alert, Checkbox, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconLink, IconLock } from '@tabler/icons-react';
import { CustomerPicker } from '../../../components/customer-picker';
import { type EntryValues, isProjectCategory } from './entry-rules';
import { FileList } from './file-list';
import { FilePicker } from './file-picker';
import { RichTextField } from './rich-text-field';

/** The fields of the entry dialog; which ones show depends on the category (SPEC §4). */
export function EntryFields({
  values,
  set,
  errors,
  entry,
  categories,
  password,
  customerLabel,
  secretsError,
}: {
  values: EntryValues;
  /** Sets a field; a changed field loses its error mark. */
  set: <K extends keyof EntryValues>(key: K, value: EntryValues[K]) => void;
  errors: Partial<Record<keyof EntryValues, string>>;
  entry: WikiEntry | null;
  categories: WikiCategory[];
  password: boolean;
  customerLabel: string | null;
  secretsError: string | null;
}) {
  // Missing required fields are only marked red; their sentence stands once under the form.
  const fieldError = (key: keyof EntryValues) => (errors[key] === WIKI_REQUIRED ? true : errors[key]);
  const category = categories.find((c) => c.id === values.categoryId);
  const projectOffer = !password && (isProjectCategory(category) || (entry?.project_reference_id ?? null) !== null);

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {entry ? (
          <TextInput label="Kunde" value={entry.customer_name} readOnly disabled />
        ) : (
          <CustomerPicker
            required
            value={values.customerId}
            initialLabel={customerLabel}
            onChange={(id) => set('customerId', id)}
            error={fieldError('customerId')}
          />
        )}
        <Select
          label="Kategorie"
          withAsterisk={!entry}
          disabled={!!entry}
          data={categories.map((c) => ({ value: String(c.id), label: `${c.icon} ${c.name}` }))}
          value={values.categoryId ? String(values.categoryId) : null}
          onChange={(id) => set('categoryId', id ? Number(id) : null)}
          error={fieldError('categoryId')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <TextInput
        label="Titel"
        withAsterisk
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={fieldError('title')}
        maxLength={200}
        data-autofocus
      />
      {password ? (
        <Stack gap="sm">
          <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} py="xs" role="note">
            Benutzername und Passwort werden verschlüsselt gespeichert.
          </Alert>
          {secretsError && (
            <Alert color="red" role="alert" py="xs">
              {secretsError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Benutzername"
              value={values.username}
              onChange={(event) => set('username', event.currentTarget.value)}
              autoComplete="off"
              maxLength={500}
            />
            <PasswordInput
              label="Passwort"
              withAsterisk={!entry}
              description={entry ? 'Leer lassen, um das Passwort zu behalten' : undefined}
              value={values.password}
              onChange={(event) => set('password', event.currentTarget.value)}
              error={fieldError('password')}
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Passwort anzeigen oder verbergen' }}
            />
          </SimpleGrid>
        </Stack>
      ) : (
        <RichTextField
          label="Inhalt"
          required
          value={values.content}
          onChange={(html) => set('content', html)}
          error={fieldError('content')}
        />
      )}
      <TextInput
        label="Externer Link"
        placeholder="https://..."
        type="url"
        leftSection={<IconLink size={18} aria-hidden />}
        value={values.externalLink}
        onChange={(event) => set('externalLink', event.currentTarget.value)}
        error={fieldError('externalLink')}
      />
      {!password && (
        <Checkbox
          label="Öffentlich als Referenz zeigen"
          description="Erscheint als Projekt-Referenz im Kundenbereich aller Kunden."
          checked={values.isFeatured}
          onChange={(event) => set('isFeatured', event.currentTarget.checked)}
        />
      )}
      {projectOffer && (
        <Checkbox
          label={entry ? 'Mit Projekt synchronisieren' : 'Projekt anlegen'}
          description={
            entry?.project_reference_id
              ? 'Überträgt Titel und Inhalt in das verknüpfte Projekt des Kunden.'
              : 'Legt aus Titel und Inhalt ein Projekt beim Kunden an.'
          }
          checked={values.project}
          onChange={(event) => set('project', event.currentTarget.checked)}
        />
      )}
      {category?.allows_files && (
        <Stack gap="xs">
          {entry && entry.files.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Vorhandene Dateien
              </Text>
              <FileList files={entry.files} deletable />
            </Stack>
          )}
          <FilePicker files={values.files} onChange={(files) => set('files', files)} />
        </Stack>
      )}
    </>
  );
}
