import type {
  CustomerMonths,
  MonthDetail,
  MonthQuestion,
  MonthQuestionReply,
} from '@butler/contract/month-confirmations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Everything of the Monatsfreigabe starts with this key: a change refreshes all of it. */
export const MONTHS_KEY = ['month-confirmations'] as const;

export const customerMonthsQuery = (customerId: number) =>
  queryOptions({
    queryKey: [...MONTHS_KEY, 'customer', customerId],
    queryFn: ({ signal }) => apiRequest<CustomerMonths>(`/api/customers/${customerId}/months`, { signal }),
  });

export const monthDetailQuery = (customerId: number, month: string) =>
  queryOptions({
    queryKey: [...MONTHS_KEY, 'customer', customerId, month],
    queryFn: ({ signal }) => apiRequest<MonthDetail>(`/api/customers/${customerId}/months/${month}`, { signal }),
  });

export const openQuestionsQuery = queryOptions({
  queryKey: [...MONTHS_KEY, 'open'],
  queryFn: ({ signal }) => apiRequest<MonthQuestion[]>('/api/month-questions', { signal }),
});

export const useOpenQuestions = () => useQuery(openQuestionsQuery);

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MONTHS_KEY });
}

/** "Monat bestätigen" (the customer's word). */
export function useConfirmMonth(customerId: number, month: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      apiRequest<MonthDetail>(`/api/customers/${customerId}/months/${month}/confirm`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

/** "Rückfrage" on one entry. */
export function useAskQuestion(customerId: number, month: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { time_entry_id: number; message: string }) =>
      apiRequest<MonthQuestion>(`/api/customers/${customerId}/months/${month}/questions`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** A message in a Rückfrage's thread (customer or staff). */
export function useReplyToQuestion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MonthQuestionReply }) =>
      apiRequest<MonthQuestion>(`/api/month-questions/${id}/messages`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** After "Eintrag korrigieren": the thread and the month read the corrected entry. */
export function useRefreshMonths() {
  return useRefresh();
}
