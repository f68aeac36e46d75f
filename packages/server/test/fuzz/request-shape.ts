import type { Principal } from './world.js';

/** One generated request: who sends it and what (requests.ts builds them, mutations.ts bends them). */
export type Part = { name: string; filename?: string; contentType: string; content: string };
export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; parts: Part[] };

export type FuzzRequest = {
  principal: Principal;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Body;
};
