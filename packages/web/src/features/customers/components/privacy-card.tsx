import type { CustomerErasureResponse } from '@butler/contract/customers';
import { Alert, Button, Card, Flex, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconListDetails, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../app/permissions';
import { FormError } from '../../../components/dialog-parts';
import { useDialogForm } from '../../../components/use-dialog-form';
import { apiDownload, apiRequest, errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';
import { erasureProblems, erasureStart } from './erasure-rules';

/** Long labels wrap instead of being cut at 390 px. */
const wrapping = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
} as const;

/** GDPR erasure: says what goes and what stays; the customer's name typed as confirmation (decision 0423). */
function ErasureDialog({
  opened,
  customerId,
  name,
  onClose,
}: {
  opened: boolean;
  customerId: number;
  name: string;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, error, setError } = useDialogForm({
    opened,
    initial: erasureStart,
    validate: (v) => erasureProblems(v, name),
    deps: [name],
  });
  const matches = Object.keys(erasureProblems(form.values, name)).length === 0;
  const busy = form.submitting;
  const erase = form.onSubmit(async ({ typed }) => {
    setError(null);
    try {
      const result = await apiRequest<CustomerErasureResponse>(`/api/customers/${customerId}/erasure`, {
        method: 'POST',
        body: { confirmation: typed },
      });
      notifySuccess(
        `Kunde gelöscht. ${result.kept_invoices === 1 ? '1 Rechnung bleibt' : `${result.kept_invoices} Rechnungen bleiben`} aufbewahrt.`,
      );
      navigate('/admin/customers');
      void queryClient.invalidateQueries();
    } catch (cause) {
      setError(errorText(cause, 'Fehler beim Löschen des Kunden'));
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Kunde endgültig löschen (DSGVO)" fullScreen={phone} size="lg">
      <Stack>
        <Alert color="red" title="Diese Löschung kann nicht rückgängig gemacht werden">
          Laden Sie vorher die Datenauskunft herunter, wenn der Kunde eine Kopie seiner Daten möchte.
        </Alert>
        <div>
          <Text fw={600} mb={4}>
            Gelöscht werden
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>Name, Kontaktdaten, Adresse, persönliche Angaben und alle Notizen</List.Item>
            <List.Item>Der Zugang zum Portal: Anmeldung, Passwort und alle Sitzungen</List.Item>
            <List.Item>Projekte, Zeiteinträge, Stundenpakete und ButlerPakete</List.Item>
            <List.Item>Wiki-Einträge mit Passwörtern und hochgeladenen Dateien</List.Item>
            <List.Item>Empfehlungscode, Guthaben-Hinweise, Monatsübersichten und E-Mails an den Kunden</List.Item>
            <List.Item>Die gespeicherten Werte im Protokoll (wer wann was getan hat, bleibt)</List.Item>
          </List>
        </div>
        <div>
          <Text fw={600} mb={4}>
            Erhalten bleiben (gesetzliche Aufbewahrungspflicht, § 132 BAO: 7 Jahre)
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>
              Ausgestellte Rechnungen und Stornorechnungen als PDF und E-Rechnung, mit Name und Anschrift wie
              ausgestellt, samt den E-Mails, mit denen sie versendet wurden
            </List.Item>
            <List.Item>Zahlungen, Gutschriften und Mahnungen in der Buchhaltung</List.Item>
            <List.Item>
              SEPA-Mandate mit Kontoinhaber und IBAN als Nachweis der Einzüge (ein aktives Mandat wird widerrufen)
            </List.Item>
            <List.Item>Bankbuchungen, wie die Bank sie geliefert hat</List.Item>
            <List.Item>Die Protokolleinträge zu Rechnungen, Zahlungen und Mandaten, ohne persönliche Angaben</List.Item>
          </List>
        </div>
        <TextInput
          label={`Zur Bestätigung den Namen des Kunden eingeben: ${name}`}
          {...form.getInputProps('typed')}
          autoComplete="off"
          data-autofocus
        />
        <FormError message={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Abbrechen
          </Button>
          <Button
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={!matches}
            loading={busy}
            onClick={() => erase()}
          >
            Endgültig löschen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Datenschutz" on the customer detail page: data export (Art. 15/20) and erasure (Art. 17). */
export function PrivacyCard({ customerId, name }: { customerId: number; name: string }) {
  const [busy, setBusy] = useState(false);
  const [erasing, setErasing] = useState(false);
  const can = useCan();
  return (
    <Card>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconShieldLock size={20} aria-hidden />
          <Title order={2} size="h3">
            Datenschutz
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Auskunft und Löschung auf Wunsch des Kunden (Art. 15, 17 und 20 DSGVO). Die Datenauskunft ist eine ZIP-Datei
          mit allen Daten als JSON, den Wiki-Dateien und den Rechnungen; Passwörter sind im Klartext enthalten und das
          Herunterladen wird protokolliert.
        </Text>
        {/* Stacked full width on a phone: the labels are long and must never be cut. */}
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }} gap="sm">
          <Button
            variant="default"
            styles={wrapping}
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                saveBlob(
                  await apiDownload(`/api/customers/${customerId}/data-export.zip`),
                  `datenauskunft-kunde-${customerId}.zip`,
                );
              } catch (cause) {
                notifyError(errorText(cause, 'Fehler beim Erstellen der Datenauskunft'));
              } finally {
                setBusy(false);
              }
            }}
          >
            Datenauskunft herunterladen (ZIP)
          </Button>
          {can('audit.read') && (
            // Who changed what of this customer: the Protokoll filtered by the customer (decision 0660).
            <Button
              component={Link}
              to={`/admin/audit?kunde=${customerId}`}
              variant="default"
              styles={wrapping}
              leftSection={<IconListDetails size={16} aria-hidden />}
            >
              Protokoll des Kunden
            </Button>
          )}
          <Button
            color="red"
            variant="light"
            styles={wrapping}
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setErasing(true)}
          >
            Kunde löschen (DSGVO)
          </Button>
        </Flex>
      </Stack>
      <ErasureDialog opened={erasing} customerId={customerId} name={name} onClose={() => setErasing(false)} />
    </Card>
  );
}
