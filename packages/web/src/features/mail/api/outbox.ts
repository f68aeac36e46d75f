import type { MailDetail, MailListItem, MailStatus, MailSummary } from '@butler/contract/mail';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithTotal } from '../../../lib/api-client';

const keys = { all: ['mail-outbox'] as const };

export type OutboxParams = { page: number; pageSize: number; status?: MailStatus; search?: string };

/** One page of the Postausgang; refreshed every 10 s while open (waiting mails change state). */
export function useOutbox(params: OutboxParams) {
  return useQuery({
    queryKey: [...keys.all, 'list', params],
    queryFn: () =>
      apiRequestWithTotal<MailListItem[]>('/api/mail/outbox', {
        query: { page: params.page, page_size: params.pageSize, status: params.status, search: params.search },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function useOutboxSummary() {
  return useQuery({
    queryKey: [...keys.all, 'summary'],
    queryFn: () => apiRequest<MailSummary>('/api/mail/outbox/summary'),
    refetchInterval: 10_000,
  });
}

export function useMailDetail(id: number | null) {
  return useQuery({
    queryKey: [...keys.all, 'detail', id],
    queryFn: () => apiRequest<MailDetail>(`/api/mail/outbox/${id}`),
    enabled: id !== null,
  });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ id: number; copied: boolean }>(`/api/mail/outbox/${id}/resend`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
