import type { Product } from '@butler/contract/quickbill';

export type ProductValues = {
  name: string;
  description: string;
  unit: string;
  unit_price: number | string;
  tax_rate: string;
  is_active: boolean;
};

/** A new product: 'Stk.', 20 % and active; an edited one as it is. */
export const productStart = (p: Product | null): ProductValues => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  unit: p?.unit ?? 'Stk.',
  unit_price: p?.unit_price ?? '',
  tax_rate: String(p?.tax_rate ?? 20),
  is_active: p?.is_active ?? true,
});

/** Name, price and unit are required, each said under its field (a price of 0 is a price). */
export function productProblems(v: ProductValues): Partial<Record<keyof ProductValues, string>> {
  const problems: Partial<Record<keyof ProductValues, string>> = {};
  if (!v.name.trim()) problems.name = 'Bitte geben Sie einen Namen an';
  if (v.unit_price === '') problems.unit_price = 'Bitte geben Sie einen Betrag an';
  if (!v.unit.trim()) problems.unit = 'Bitte geben Sie eine Einheit an';
  return problems;
}

/** The product as the server takes it: numbers as numbers, an empty description as null. */
export const productBody = (v: ProductValues) => ({
  name: v.name,
  description: v.description.trim() || null,
  unit: v.unit,
  unit_price: Number(v.unit_price),
  tax_rate: Number(v.tax_rate),
  is_active: v.is_active,
});
