import { LETTER_TEXTS } from '@butler/contract/letter-texts';
import { customerOrderStateLabel, type OrderState } from '@butler/contract/orders';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine } from './parts.js';

export type OrderUpdateData = {
  to: Addressee;
  /** A staff reply (never an internal note), a new state, a Freigabe asked for, or the closing summary. */
  kind: 'reply' | 'state' | 'approval' | 'done';
  /** `A-0042`. */
  number: string;
  title: string;
  state?: OrderState;
  /** The reply's text, or the closing summary's lines. */
  body?: string;
  /** Freigabe: estimate and available, formatted (`4,00 h`). */
  estimate?: string;
  available?: string;
  /** The Auftrag in the lounge: `/customer/auftraege/<id>`. */
  url: string;
};

/** To a customer about their Auftrag (decision 0810); staff learn of changes from the live stream. */
export const orderUpdateTemplate = defineTemplate<OrderUpdateData>({
  render: (d, ctx) => {
    const t = LETTER_TEXTS[ctx.voice];
    const stateLabel = customerOrderStateLabel(d.state ?? 'accepted', ctx.voice);
    const [subject, intro] =
      d.kind === 'reply'
        ? [t.orderReplySubject(d.number, d.title), t.orderReplyIntro(d.number, d.title)]
        : d.kind === 'state'
          ? [t.orderStateSubject(d.number, stateLabel), t.orderStateIntro(d.number, d.title, stateLabel)]
          : d.kind === 'approval'
            ? [
                t.orderApprovalSubject(d.number),
                t.orderApprovalIntro({
                  number: d.number,
                  title: d.title,
                  estimate: d.estimate ?? '',
                  available: d.available ?? '',
                }),
              ]
            : [t.orderDoneSubject(d.number), t.orderDoneIntro(d.number, d.title)];
    const body = d.body?.trim() ? `\n\n${d.body.trim()}` : '';
    const text = `${greetingLine(ctx, d.to)}\n\n${intro}${body}\n\n${signOff(ctx.voice)}\n${ctx.provider.name}`;
    return {
      subject,
      preheader: `${d.number}: ${d.title}`,
      text,
      html: html`${paragraphs(text)}`,
      action: { label: t.orderAction, url: d.url },
    };
  },
});
