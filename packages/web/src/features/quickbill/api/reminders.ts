import type { DueReminders, NextReminder, SendReminderInput } from '@butler/contract/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { quickbillKeys, refreshQuickbill } from './keys';

/** The next reminder of one invoice: due day, configured days, fee and deadline (decision 0770). */
export function useNextReminder(invoiceId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...quickbillKeys.all, 'next-reminder', invoiceId],
    queryFn: () => apiRequest<NextReminder>(`/api/quickbill/invoices/${invoiceId}/next-reminder`),
    enabled,
  });
}

/** What "Fällige Mahnungen senden" would send today. */
export function useDueReminders(enabled: boolean) {
  return useQuery({
    queryKey: [...quickbillKeys.all, 'due-reminders'],
    queryFn: () => apiRequest<DueReminders>('/api/quickbill/reminders/due'),
    enabled,
  });
}

export function useSendReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & SendReminderInput) =>
      apiRequest<{ level: number; label: string }>(`/api/quickbill/invoices/${id}/reminders`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => refreshQuickbill(queryClient),
  });
}

/** The letter as it would go out now, as a PDF download. */
export async function downloadReminderPreview(invoice: { id: number; invoice_number: string | null }) {
  const blob = await apiDownload(`/api/quickbill/invoices/${invoice.id}/reminder-pdf`);
  saveBlob(blob, `Mahnung-Vorschau-${(invoice.invoice_number ?? String(invoice.id)).replace(/[^\w.-]+/g, '_')}.pdf`);
}
