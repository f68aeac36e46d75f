import type { TimerAnswer, TimerStart } from '@butler/contract/timers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const TIMER_KEY = ['timer'] as const;

/**
 * The signed-in staff member's timer (decision 0640). Read again when the tab returns and
 * every minute, so a start or stop on another device shows here too.
 */
export function useTimer(enabled = true) {
  return useQuery({
    queryKey: TIMER_KEY,
    queryFn: ({ signal }) => apiRequest<TimerAnswer>('/api/timer', { signal }),
    enabled,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}

function useTimerMutation<Input>(request: (input: Input) => Promise<TimerAnswer | unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'timer' in answer) queryClient.setQueryData(TIMER_KEY, answer);
      void queryClient.invalidateQueries({ queryKey: TIMER_KEY });
    },
  });
}

export const useStartTimer = () =>
  useTimerMutation((body: TimerStart) => apiRequest<TimerAnswer>('/api/timer', { method: 'POST', body }));
export const useStopTimer = () =>
  useTimerMutation(() => apiRequest<TimerAnswer>('/api/timer/stop', { method: 'POST' }));
export const useDiscardTimer = () =>
  useTimerMutation(() => apiRequest('/api/timer', { method: 'DELETE' }).then(() => ({ timer: null })));

/** After a booking from the timer: it is gone on the server. */
export function useForgetTimer() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.setQueryData(TIMER_KEY, { timer: null });
    void queryClient.invalidateQueries({ queryKey: TIMER_KEY });
  };
}
