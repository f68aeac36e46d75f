import type { WikiCategory } from '@butler/contract/wiki';
import { Group, Modal, Stack, Switch, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCan } from '../../../app/permissions';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSaveCategory } from '../api/wiki';
import { categoryBody, categoryProblems, categoryStart } from './category-rules';

const SUGGESTED_ICONS = ['🔑', '📁', '🏠', '💼', '📝', '🚗', '🏥', '💶', '📞', '🎁'];

/** Create or edit a wiki category (name and emoji icon required, SPEC §5). */
export function CategoryDialog({
  opened,
  category,
  onClose,
}: {
  opened: boolean;
  category: WikiCategory | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const save = useSaveCategory();
  // Only who may see the stored passwords can let Butlers see them (the server says the same).
  const mayShare = useCan()('wiki.secret.reveal');
  const { form, error, setError, field, onInvalid } = useDialogForm({
    opened,
    initial: () => categoryStart(category),
    validate: categoryProblems,
    deps: [category],
    clearErrorOnEdit: true,
  });
  const icon = form.values.icon;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ id: category?.id, body: categoryBody(values, mayShare) });
      notifySuccess(category ? 'Kategorie erfolgreich aktualisiert' : 'Kategorie erfolgreich erstellt');
      onClose();
    } catch (cause) {
      setError(
        errorText(cause, category ? 'Fehler beim Aktualisieren der Kategorie' : 'Fehler beim Erstellen der Kategorie'),
      );
    }
  }, onInvalid);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={category ? 'Kategorie bearbeiten' : 'Neue Kategorie'}
      fullScreen={phone}
      size="lg"
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          <Group align="flex-start" grow wrap="nowrap" preventGrowOverflow={false}>
            <TextInput
              label="Icon"
              withAsterisk
              description="Ein Emoji"
              {...field('icon')}
              maxLength={8}
              maw={110}
              styles={{ input: { fontSize: 22, textAlign: 'center' } }}
            />
            <TextInput
              label="Name"
              withAsterisk
              description="z. B. Passwörter, Dokumente"
              {...field('name')}
              maxLength={100}
              data-autofocus
            />
          </Group>
          <Group gap={4} aria-label="Vorschläge für das Icon" role="group">
            {SUGGESTED_ICONS.map((suggestion) => (
              <UnstyledButton
                key={suggestion}
                onClick={() => form.setFieldValue('icon', suggestion)}
                aria-label={`Icon ${suggestion} wählen`}
                fz={20}
                px={6}
                py={2}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: icon === suggestion ? 'var(--mantine-color-navy-0)' : undefined,
                  outline: icon === suggestion ? '1px solid var(--mantine-color-navy-3)' : undefined,
                }}
              >
                {suggestion}
              </UnstyledButton>
            ))}
          </Group>
          <Textarea label="Beschreibung" autosize minRows={2} maxRows={5} maxLength={1000} {...field('description')} />
          <Switch
            label="Verschlüsselung"
            description="Einträge werden als Passwort-Einträge verschlüsselt gespeichert (Benutzername und Passwort)."
            {...field('allows_encryption', 'checkbox')}
          />
          <Switch
            label="Datei-Upload"
            description="Einträge dieser Kategorie können Dateien enthalten."
            {...field('allows_files', 'checkbox')}
          />
          <Switch
            label="Butler dürfen Passwörter anzeigen"
            description={
              mayShare
                ? 'Butler sehen gespeicherte Passwörter dieser Kategorie bei den Kunden, die sie betreuen. Jedes Anzeigen wird protokolliert.'
                : 'Nur wer gespeicherte Passwörter anzeigen darf, kann das ändern.'
            }
            {...field('butler_may_reveal', 'checkbox')}
            disabled={!mayShare}
          />
          <FormError message={error} />
          <DialogButtons
            busy={save.isPending}
            onCancel={onClose}
            label={category ? 'Speichern' : 'Kategorie erstellen'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
