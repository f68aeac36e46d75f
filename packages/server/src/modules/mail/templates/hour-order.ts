import { HOUR_SHOP_TEXTS } from '@butler/contract/hour-shop-texts';
import { type Addressee, signOff } from '@butler/contract/voice';
import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { greetingLine } from './parts.js';

export type HourOrderRequestData = {
  staffName: string;
  customerName: string;
  /** `5 h` */
  hours: string;
  /** `€ 300,00` */
  gross: string;
  /** The staff list: `/admin/stundenbestellungen`. */
  url: string;
};

/** To staff when a lounge order waits for their confirmation (decision 0850; Sie). */
export const hourOrderRequestTemplate = defineTemplate<HourOrderRequestData>({
  render: (d) => {
    const text = `Guten Tag ${d.staffName},

${d.customerName} hat in der Lounge ${d.hours} für ${d.gross} bestellt. Die Bestellung wartet auf Ihre Bestätigung: Erst dann werden das Stundenpaket und die Rechnung erstellt.`;
    return {
      subject: `Stundenbestellung von ${d.customerName}: ${d.hours}`,
      preheader: `${d.customerName}: ${d.hours} für ${d.gross}`,
      text,
      html: html`${paragraphs(text)}`,
      action: { label: 'Bestellung öffnen', url: d.url },
    };
  },
});

export type HourOrderDeclinedData = {
  to: Addressee;
  hours: string;
  /** Why, as staff wrote it. */
  note: string;
  /** The lounge's counter: `/customer/stunden-nachkaufen`. */
  url: string;
};

/** To the customer when staff decline their order, in their form of address. */
export const hourOrderDeclinedTemplate = defineTemplate<HourOrderDeclinedData>({
  render: (d, ctx) => {
    const t = HOUR_SHOP_TEXTS[ctx.voice];
    const text = `${greetingLine(ctx, d.to)}\n\n${t.declinedIntro(d.hours)}\n\n${d.note.trim()}\n\n${signOff(ctx.voice)}\n${ctx.provider.name}`;
    return {
      subject: t.declinedSubject,
      preheader: t.declinedIntro(d.hours),
      text,
      html: html`${paragraphs(text)}`,
      action: { label: t.toShop, url: d.url },
    };
  },
});
