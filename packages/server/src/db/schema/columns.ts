import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Hours with two decimals, stored exactly. */
export const hoursColumn = (name: string) => numeric(name, { precision: 8, scale: 2 });
/** Money in euro with two decimals, stored exactly. */
export const moneyColumn = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** Percentages 0–100 with two decimals. */
export const percentColumn = (name: string) => numeric(name, { precision: 5, scale: 2 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
