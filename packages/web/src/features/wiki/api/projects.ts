import type { WikiProject } from '@butler/contract/wiki';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshWiki, wikiKeys } from './wiki';

export function useWikiProjects() {
  return useQuery({
    queryKey: wikiKeys.projects,
    queryFn: ({ signal }) => apiRequest<WikiProject[]>('/api/wiki/projects', { signal }),
  });
}

/** Public display on the customers' dashboards, saved immediately (SPEC §4). */
export function useSetFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isFeatured }: { id: number; isFeatured: boolean }) =>
      apiRequest<WikiProject>(`/api/wiki/projects/${id}/featured`, {
        method: 'PUT',
        body: { is_featured: isFeatured },
      }),
    onSuccess: () => refreshWiki(queryClient),
  });
}
