import { WIKI_CATEGORY_REQUIRED, type WikiCategory } from '@butler/contract/wiki';
import { Group, Modal, Stack, Switch, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useCan } from '../../../app/permissions';
import { DialogButtons, FormError } from '../../../components/dialog-parts';
import { errorText } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSaveCategory } from '../api/wiki';

const SUGGESTED_ICONS = ['🔑', '📁', '🏠', '💼', '📝', '🚗', '🏥', '💶', '📞', '🎁'];

type Values = {
  name: string;
  icon: string;
  description: string;
  allows_encryption: boolean;
  allows_files: boolean;
  butler_may_reveal: boolean;
};
const empty: Values = {
  name: '',
  icon: '',
  description: '',
  allows_encryption: false,
  allows_files: false,
  butler_may_reveal: false,
};

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
  const [values, setValues] = useState<Values>(empty);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setValues(category ? { ...category, description: category.description ?? '' } : empty);
    setMissing(false);
    setError(null);
  }, [opened, category]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setError(null);
  };

  const submit = async () => {
    if (!values.name.trim() || !values.icon.trim()) {
      setMissing(true);
      setError(WIKI_CATEGORY_REQUIRED);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({
        id: category?.id,
        body: {
          name: values.name.trim(),
          icon: values.icon.trim(),
          description: values.description.trim() || null,
          allows_encryption: values.allows_encryption,
          allows_files: values.allows_files,
          ...(mayShare ? { butler_may_reveal: values.butler_may_reveal } : {}),
        },
      });
      notifySuccess(category ? 'Kategorie erfolgreich aktualisiert' : 'Kategorie erfolgreich erstellt');
      onClose();
    } catch (cause) {
      setError(
        errorText(cause, category ? 'Fehler beim Aktualisieren der Kategorie' : 'Fehler beim Erstellen der Kategorie'),
      );
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={category ? 'Kategorie bearbeiten' : 'Neue Kategorie'}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Group align="flex-start" grow wrap="nowrap" preventGrowOverflow={false}>
            <TextInput
              label="Icon"
              withAsterisk
              description="Ein Emoji"
              value={values.icon}
              onChange={(event) => set('icon', event.currentTarget.value)}
              error={missing && !values.icon.trim()}
              maxLength={8}
              maw={110}
              styles={{ input: { fontSize: 22, textAlign: 'center' } }}
            />
            <TextInput
              label="Name"
              withAsterisk
              description="z. B. Passwörter, Dokumente"
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={missing && !values.name.trim()}
              maxLength={100}
              data-autofocus
            />
          </Group>
          <Group gap={4} aria-label="Vorschläge für das Icon" role="group">
            {SUGGESTED_ICONS.map((icon) => (
              <UnstyledButton
                key={icon}
                onClick={() => set('icon', icon)}
                aria-label={`Icon ${icon} wählen`}
                fz={20}
                px={6}
                py={2}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: values.icon === icon ? 'var(--mantine-color-navy-0)' : undefined,
                  outline: values.icon === icon ? '1px solid var(--mantine-color-navy-3)' : undefined,
                }}
              >
                {icon}
              </UnstyledButton>
            ))}
          </Group>
          <Textarea
            label="Beschreibung"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={1000}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
          />
          <Switch
            label="Verschlüsselung"
            description="Einträge werden als Passwort-Einträge verschlüsselt gespeichert (Benutzername und Passwort)."
            checked={values.allows_encryption}
            onChange={(event) => set('allows_encryption', event.currentTarget.checked)}
          />
          <Switch
            label="Datei-Upload"
            description="Einträge dieser Kategorie können Dateien enthalten."
            checked={values.allows_files}
            onChange={(event) => set('allows_files', event.currentTarget.checked)}
          />
          <Switch
            label="Butler dürfen Passwörter anzeigen"
            description={
              mayShare
                ? 'Butler sehen gespeicherte Passwörter dieser Kategorie bei den Kunden, die sie betreuen. Jedes Anzeigen wird protokolliert.'
                : 'Nur wer gespeicherte Passwörter anzeigen darf, kann das ändern.'
            }
            checked={values.butler_may_reveal}
            disabled={!mayShare}
            onChange={(event) => set('butler_may_reveal', event.currentTarget.checked)}
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
