import type {
  MandateOnlineRevoke,
  MandateOnlineSign,
  MandateOnlineSigned,
  MandateOnlineState,
} from '@butler/contract/mandate-online';
import { MANDATE_ONLINE_TEXTS, type MandateOnlineTexts } from '@butler/contract/mandate-online-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session-context';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/** The words of "Lastschrift einrichten" in the customers' form of address (decision 0620). */
export function useMandateTexts(): MandateOnlineTexts {
  return MANDATE_ONLINE_TEXTS[useSession().customerVoice];
}

const key = (customerId: number) => ['mandate-online', customerId] as const;
const url = (customerId: number) => `/api/customers/${customerId}/mandate-online`;

export function useMandateOnline(customerId: number) {
  return useQuery({
    queryKey: key(customerId),
    queryFn: ({ signal }) => apiRequest<MandateOnlineState>(url(customerId), { signal }),
  });
}

/** Signing and revoking refresh the card and the invoices (their pre-notification changes). */
export function useMandateOnlineActions(customerId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key(customerId) });
    void queryClient.invalidateQueries({ queryKey: ['customer-invoices'] });
  };
  return {
    sign: useMutation({
      mutationFn: (body: MandateOnlineSign) =>
        apiRequest<MandateOnlineSigned>(url(customerId), { method: 'POST', body }),
      onSettled: refresh,
    }),
    revoke: useMutation({
      mutationFn: (body: MandateOnlineRevoke) =>
        apiRequest<MandateOnlineState>(`${url(customerId)}/revoke`, { method: 'POST', body }),
      onSuccess: (answer) => queryClient.setQueryData(key(customerId), answer),
      onSettled: refresh,
    }),
  };
}

export async function downloadSignedCopy(customerId: number, reference: string) {
  const blob = await apiDownload(`${url(customerId)}/copy`);
  saveBlob(blob, `SEPA-Mandat-${reference}.pdf`);
}
