import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const zEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  /** The first admin's display name; empty: asked for at the first sign-in (decision 0622). */
  ADMIN_NAME: z.string().trim().max(100).default(''),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD needs at least 8 characters').optional(),
  ENCRYPTION_KEY: z.string().optional(),
  /** Older wiki keys that still decrypt (comma list of `v{n}:{base64}`), see docs/decisions/0140. */
  ENCRYPTION_KEY_PREVIOUS: z.string().optional(),
  SMTP_URL: z.string().optional(),
  /** Base address of the portal for links in mails; default `http://localhost:${PORT}`. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Largest wiki upload in bytes (default 25 MB). */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  /**
   * An upload that delivers less than 16 KiB in this many seconds is cut off (408): a client
   * trickling bytes would hold an upload slot and a database connection (decision 0505).
   */
  UPLOAD_STALL_SECONDS: z.coerce.number().int().min(1).default(30),
  /**
   * Seconds a staff member's Aufträge event stream stays open before the browser opens the next
   * one with the session as it is then (decision 0812).
   */
  ORDER_EVENTS_STREAM_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** Requests per minute and client address for the whole API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * Failed sign-ins per client address within 15 minutes before that address is refused
   * (each account is refused after 5 whatever this says). 50 by default: an office behind one
   * address is many people, and one person's typos must not lock out the rest (decision 0500).
   */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(5).default(50),
  /**
   * Requests per minute and client address to the sign-in routes (login, second factor,
   * password reset and invitation links), whatever their outcome: at least the default 30.
   */
  LOGIN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(30).default(30),
  /** Set to "true" when the portal is served over HTTPS (enables HSTS and upgrade-insecure-requests). */
  HTTPS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Which proxies may set X-Forwarded-For/-Proto/-Host (Fastify's trustProxy): unset or
   * "false" none (the default); "true" every one; a number of hops; or a comma list of
   * addresses and CIDR ranges (e.g. "127.0.0.1,::1" or "10.0.0.0/8"). Decision 0344.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): boolean | number | string[] => {
      const text = (value ?? '').trim();
      if (text === '' || text === 'false') return false;
      if (text === 'true') return true;
      if (/^\d+$/.test(text)) return Number(text);
      const list = text.split(',').map((part) => part.trim());
      const bad = list.filter((part) => !isAddressOrRange(part));
      if (bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY must be true, false, a hop count or a comma list of addresses/CIDR ranges (not: ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return list;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

function isAddressOrRange(text: string): boolean {
  const [address, prefix, ...rest] = text.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Env = Omit<z.infer<typeof zEnv>, 'DATA_DIR' | 'PUBLIC_URL'> & { DATA_DIR: string; PUBLIC_URL: string };

/** Reads and checks the environment once at start; a wrong value stops the start with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = zEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR), PUBLIC_URL: publicUrl };
}
