/** Session limits shared by server and browser (SPEC §6, §9). No zod here: the lounge imports it. */
export const USER_TYPES = ['admin', 'customer'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Inactivity timeouts, enforced by the server and mirrored by the browser. */
export const IDLE_TIMEOUT_MINUTES: Record<UserType, number> = { admin: 30, customer: 15 };
export const SESSION_MAX_AGE_HOURS = 8;
export const SESSION_WARNING_SECONDS = 120;
