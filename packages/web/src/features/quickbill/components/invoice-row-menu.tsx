import { type InvoiceDetail, type InvoiceListItem, REMINDER_LABELS } from '@butler/contract/quickbill';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBan,
  IconBell,
  IconCash,
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconPencil,
  IconSend,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadInvoicePdf } from '../api/download';
import { useInvoiceActions } from '../api/invoices';
import { usePaymentActions } from '../api/payments';
import { invoiceLabel } from './invoice-number';
import { displayStatus } from './invoice-status-badge';
import { PaymentDialog } from './payment-dialog';
import { ReminderConfirmDialog } from './reminder-confirm-dialog';

/** Shown for a failed action; also logged (SPEC §8 logs failed invoice actions). */
export function reportFailure(what: string, error: unknown) {
  console.error(what, error);
  notifyError(`${what}: ${errorText(error, 'Unbekannter Fehler')}`);
}

/** Next reminder of an overdue invoice: Zahlungserinnerung, then 1. and 2. Mahnung; none after. */
export function nextReminder(invoice: Pick<InvoiceDetail, 'status' | 'is_overdue' | 'reminder_level'>): string | null {
  if (displayStatus(invoice) !== 'overdue') return null;
  return REMINDER_LABELS[invoice.reminder_level] ?? null;
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
  const [confirmRemind, setConfirmRemind] = useState(false);
  const [recordPayment, setRecordPayment] = useState(false);
  const base = `/admin/quickbill/invoices/${invoice.id}`;
  const isInvoice = invoice.kind === 'invoice';
  const canSend = invoice.status === 'draft' || invoice.status === 'sent';
  const canCancel = isInvoice && invoice.status !== 'cancelled';
  const label = invoiceLabel(invoice);
  // An overdue invoice is dealt with from the list (decision 0637): the next reminder step and the payment.
  const reminder = nextReminder(invoice);
  const canMarkPaid = isInvoice && invoice.status === 'sent' && invoice.open_amount > 0;
  const payments = usePaymentActions();

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
          {reminder && (
            <Menu.Item leftSection={<IconBell size={16} />} onClick={() => setConfirmRemind(true)}>
              {reminder} senden
            </Menu.Item>
          )}
          {canMarkPaid && (
            <Menu.Item leftSection={<IconCash size={16} />} onClick={() => setRecordPayment(true)}>
              Als bezahlt markieren
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
      {reminder && (
        <ReminderConfirmDialog invoice={invoice} opened={confirmRemind} onClose={() => setConfirmRemind(false)} />
      )}
      {canMarkPaid && recordPayment && (
        // The payment ledger's dialog (decision 0580), as on the invoice's page.
        <PaymentDialog
          title="Zahlung erfassen"
          intro={`Rechnung ${label}: offen ${formatEuro(invoice.open_amount)}. Ein höherer Betrag wird dem Kunden als Guthaben gutgeschrieben.`}
          amount={invoice.open_amount}
          minDate={invoice.invoice_date}
          submitLabel="Zahlung erfassen"
          mutation={payments.record}
          onClose={() => setRecordPayment(false)}
          onSubmit={async (values) => {
            const result = await payments.record.mutateAsync({ invoiceId: invoice.id, ...values });
            notifySuccess(
              result.payment_state === 'paid'
                ? `Zahlung erfasst, Rechnung ${label} ist bezahlt`
                : `Zahlung erfasst, offen: ${formatEuro(result.open_amount)}`,
            );
          }}
        />
      )}
    </>
  );
}
