import { VISIT_KIND_LABELS, type Visit } from '@butler/contract/visits';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { VIENNA, viennaParts } from '../../domain/vienna-time.js';

/**
 * Calendar files of visits (decision 0841), RFC 5545 through `ical-generator`: every visit is
 * one VEVENT with a stable UID (`visit-<id>@<host of PUBLIC_URL>`) whose SEQUENCE is the
 * visit's, with start and end in Europe/Vienna and its VTIMEZONE (`@touch4it/ical-timezones`).
 * The portal's rows are the truth (a series is written out as visits, decision 0840), so no
 * file carries an RRULE: a moved or cancelled occurrence is simply its own event.
 */

export type IcsReader = 'customer' | 'staff';

export type IcsContext = {
  /** PUBLIC_URL: the UIDs' host and the links in the descriptions. */
  publicUrl: string;
  providerName: string;
  /** The organizer of invitations (the provider's sender address). */
  organizerEmail: string;
};

export const visitUid = (visitId: number, publicUrl: string) => `visit-${visitId}@${new URL(publicUrl).hostname}`;

/** `2027-03-28T09:00:00`: the instant as Vienna's clock shows it, without a zone. */
const wallTime = (instant: string) => {
  const { date, time } = viennaParts(new Date(instant));
  return `${date}T${time}:00`;
};

const where = (visit: Visit) => visit.place ?? visit.customer_address ?? '';

/** First names of who comes, as the customer reads them. */
const firstNames = (visit: Visit) => visit.butlers.map((b) => b.name.trim().split(/\s+/)[0] || b.name).join(', ');

function summaryOf(visit: Visit, reader: IcsReader, ctx: IcsContext) {
  return reader === 'customer' ? `${ctx.providerName}: ${visit.purpose}` : `${visit.customer_name}: ${visit.purpose}`;
}

/** What the event says: the kind, who comes and where to look in the portal; never notes or secrets. */
function descriptionOf(visit: Visit, reader: IcsReader, ctx: IcsContext) {
  const lines =
    reader === 'customer'
      ? [
          VISIT_KIND_LABELS[visit.kind],
          `Es kommt: ${firstNames(visit)}`,
          `Im Portal: ${ctx.publicUrl}/customer/dashboard`,
        ]
      : [
          VISIT_KIND_LABELS[visit.kind],
          `Wer: ${visit.butlers.map((b) => b.name).join(', ')}`,
          `Im Portal: ${ctx.publicUrl}/admin/termine?tag=${visit.date}`,
        ];
  return lines.join('\n');
}

export type IcsOptions = {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  reader: IcsReader;
  /** The calendar's name (feeds) or the mail's subject line. */
  name: string;
  /** The invitee of a REQUEST/CANCEL (the customer's address). */
  attendee?: { name: string; email: string };
};

/** One calendar file with the given visits. */
export function visitsCalendar(visitsIn: Visit[], options: IcsOptions, ctx: IcsContext): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Butler-Portal', product: 'Termine', language: 'DE' },
    method: ICalCalendarMethod[options.method],
    // The zone's VTIMEZONE for the events' TZID only: a calendar-wide zone would write DTSTAMP
    // without its "Z" (RFC 5545 §3.8.7.2 wants it in UTC) and a non-standard TIMEZONE-ID line.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const visit of visitsIn) {
    const cancelled = options.method === 'CANCEL' || visit.state === 'cancelled';
    calendar.createEvent({
      id: visitUid(visit.id, ctx.publicUrl),
      sequence: visit.sequence,
      // Vienna's wall time as the zone's local time ("if a time zone is set, ical-generator
      // assumes that the given time matches the time zone", its README); no dayjs tz() here,
      // which costs ~280 µs a call (a feed has hundreds of visits).
      start: wallTime(visit.starts_at),
      end: wallTime(visit.ends_at),
      timezone: VIENNA,
      stamp: new Date(),
      summary: summaryOf(visit, options.reader, ctx),
      location: where(visit) || null,
      description: descriptionOf(visit, options.reader, ctx),
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(options.method !== 'PUBLISH' && options.attendee
        ? {
            organizer: { name: ctx.providerName, email: ctx.organizerEmail },
            attendees: [{ name: options.attendee.name, email: options.attendee.email, rsvp: false }],
          }
        : {}),
    });
  }
  return calendar.toString();
}
