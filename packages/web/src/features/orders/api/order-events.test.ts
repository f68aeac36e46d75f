import { describe, expect, it } from 'vitest';
import { parseEventChunk } from './order-events';

describe('the Aufträge event stream reader', () => {
  it('hands over each complete data block and keeps the unfinished rest', () => {
    const seen: unknown[] = [];
    const rest = parseEventChunk(
      ': keep-alive\n\ndata: {"kind":"order.created","order_id":4,"customer_id":7}\n\ndata: {"kind":"order.mes',
      (e) => seen.push(e),
    );
    expect(seen).toEqual([{ kind: 'order.created', order_id: 4, customer_id: 7 }]);
    expect(rest).toBe('data: {"kind":"order.mes');
    parseEventChunk(`${rest}sage","order_id":4,"customer_id":7}\r\n\r\n`, (e) => seen.push(e));
    expect(seen).toHaveLength(2);
  });

  it('skips what is not an event', () => {
    const seen: unknown[] = [];
    parseEventChunk('data: not json\n\ndata: {"x":1}\n\n', (e) => seen.push(e));
    expect(seen).toEqual([]);
  });
});
