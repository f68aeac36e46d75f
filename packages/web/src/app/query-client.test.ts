import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FreshQueryClient } from './query-client';

/**
 * A list whose first fetch is still on its way when a deletion invalidates it: the server
 * read the list before the deletion (answer 'mit Anna'), and after it ('ohne Anna').
 */
async function listAfterDeletion(client: QueryClient) {
  let release: (value: string) => void = () => {};
  const answers = [new Promise<string>((resolve) => (release = resolve)), Promise.resolve('ohne Anna')];
  let calls = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['customers', { search: 'Gruber' }],
    queryFn: () => answers[calls++],
    staleTime: 30_000,
  });
  const unsubscribe = observer.subscribe(() => {});
  const invalidated = client.invalidateQueries({ queryKey: ['customers'] });
  release('mit Anna');
  await invalidated;
  await new Promise((resolve) => setTimeout(resolve, 0));
  unsubscribe();
  return { shown: client.getQueryData(['customers', { search: 'Gruber' }]), calls };
}

describe('invalidating a query whose first fetch is in flight', () => {
  it('fetches again and shows the answer read after the change', async () => {
    expect(await listAfterDeletion(new FreshQueryClient())).toEqual({ shown: 'ohne Anna', calls: 2 });
  });

  it("TanStack Query's own client keeps the earlier answer (why FreshQueryClient exists)", async () => {
    expect(await listAfterDeletion(new QueryClient())).toEqual({ shown: 'mit Anna', calls: 1 });
  });
});
