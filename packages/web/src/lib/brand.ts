import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The owner's brand as the server put it into the page (server lib/brand-page.ts, decision 0635). */
export type BrandInfo = { name: string | null; accent: string | null; logo_url: string | null };

const EMPTY: BrandInfo = { name: null, accent: null, logo_url: null };

function fromPage(): BrandInfo {
  if (typeof document === 'undefined') return EMPTY;
  const element = document.getElementById('brand-data');
  if (!element?.textContent) return EMPTY;
  try {
    return { ...EMPTY, ...(JSON.parse(element.textContent) as Partial<BrandInfo>) };
  } catch {
    return EMPTY;
  }
}

/** The product's word mark while the owner has set no company name. */
export const DEFAULT_BRAND_NAME = 'Mein BUTLER';

/** Sets the accent for every component that reads var(--brand-accent). */
export function applyAccent(accent: string | null) {
  if (typeof document === 'undefined') return;
  if (accent) document.documentElement.style.setProperty('--brand-accent', accent);
  else document.documentElement.style.removeProperty('--brand-accent');
}

export const BRAND_KEY = ['brand'] as const;

/**
 * The brand: what the page brought, refreshed from GET /api/brand when the settings change
 * (the settings page invalidates BRAND_KEY), so a new logo shows without a reload.
 */
export function useBrand(): BrandInfo {
  const initial = fromPage();
  const { data } = useQuery({
    queryKey: BRAND_KEY,
    queryFn: async ({ signal }) => {
      const brand = await apiRequest<BrandInfo>('/api/brand', { signal, skipUnauthorizedHandling: true });
      applyAccent(brand.accent);
      return brand;
    },
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}
