import type { InvoiceListItem } from '@butler/contract/quickbill';
import { ActionIcon, Menu } from '@mantine/core';
import { IconBan, IconCopy, IconDots, IconDownload, IconEye, IconPencil, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadInvoicePdf } from '../api/download';
import { useInvoiceActions } from '../api/invoices';
import { invoiceLabel } from './invoice-number';

/** Shown for a failed action; also logged (SPEC §8 logs failed invoice actions). */
export function reportFailure(what: string, error: unknown) {
  console.error(what, error);
  notifyError(`${what}: ${errorText(error, 'Unbekannter Fehler')}`);
}

/** What cancelling does, named before it happens (UI.md: say what goes with it). */
export function cancelMessage(invoice: Pick<InvoiceListItem, 'id' | 'invoice_number' | 'status'>) {
  return invoice.status === 'draft'
    ? `Der Entwurf ${invoiceLabel(invoice)} hat noch keine Nummer und wird gelöscht. Zugeordnete Zeiteinträge werden wieder verrechenbar.`
    : `Die Rechnung ${invoiceLabel(invoice)} wird storniert und behält ihre Nummer. Es wird eine Stornorechnung mit neuer Nummer erstellt; zugeordnete Zeiteinträge werden wieder verrechenbar.`;
}

/** Row menu of the invoice list (SPEC §2): send, download PDF, duplicate, cancel; then the list reloads. */
export function InvoiceRowMenu({ invoice }: { invoice: InvoiceListItem }) {
  const navigate = useNavigate();
  const actions = useInvoiceActions();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const base = `/admin/quickbill/invoices/${invoice.id}`;
  const isInvoice = invoice.kind === 'invoice';
  const canSend = invoice.status === 'draft' || invoice.status === 'sent';
  const canCancel = isInvoice && invoice.status !== 'cancelled';
  const label = invoiceLabel(invoice);

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Aktionen für ${label}`} onClick={(e) => e.stopPropagation()}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEye size={16} />} onClick={() => navigate(base)}>
            Anzeigen
          </Menu.Item>
          {invoice.status === 'draft' && (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => navigate(`${base}/edit`)}>
              Bearbeiten
            </Menu.Item>
          )}
          {canSend && (
            <Menu.Item leftSection={<IconSend size={16} />} onClick={() => navigate(`${base}/send`)}>
              Senden
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              downloadInvoicePdf(invoice).catch((e) => reportFailure('PDF konnte nicht geladen werden', e))
            }
          >
            PDF herunterladen
          </Menu.Item>
          {isInvoice && (
            <Menu.Item
              leftSection={<IconCopy size={16} />}
              onClick={() =>
                actions.duplicate.mutate(invoice.id, {
                  onSuccess: (copy) => notifySuccess(`Kopie als Entwurf #${copy.id} erstellt`),
                  onError: (e) => reportFailure('Duplizieren fehlgeschlagen', e),
                })
              }
            >
              Duplizieren
            </Menu.Item>
          )}
          {canCancel && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconBan size={16} />} onClick={() => setConfirmCancel(true)}>
                {invoice.status === 'draft' ? 'Entwurf löschen' : 'Stornieren'}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirmCancel}
        title={invoice.status === 'draft' ? 'Entwurf löschen?' : 'Rechnung stornieren?'}
        message={cancelMessage(invoice)}
        confirmLabel={invoice.status === 'draft' ? 'Löschen' : 'Stornieren'}
        errorFallback="Stornieren fehlgeschlagen"
        onConfirm={async () => {
          const result = await actions.cancel.mutateAsync(invoice.id);
          notifySuccess(result.deleted ? 'Entwurf gelöscht' : `Rechnung ${label} storniert, Stornorechnung erstellt`);
        }}
        onClose={() => setConfirmCancel(false)}
      />
    </>
  );
}
