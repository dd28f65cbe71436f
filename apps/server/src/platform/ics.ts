/**
 * iCalendar (RFC 5545) text: escaped values, UTC times, lines folded at 75 octets, CRLF endings. A feed is
 * METHOD:PUBLISH; an invitation mailed to one attendee (RFC 5546 iTIP) is METHOD:REQUEST or CANCEL with an
 * ORGANIZER, the ATTENDEE and a SEQUENCE that grows with each change, so a calendar updates the event it has.
 */

/** A person in an invitation: a display name and a mail address (`mailto:`). */
export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  uid: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  updatedAt: Date;
  /** The revision (RFC 5545 SEQUENCE); left out means 0. */
  sequence?: number;
  organizer?: IcsPerson;
  attendees?: IcsPerson[];
}

export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

// RFC 5545 TEXT: a line break of any kind (CRLF, LF or a bare CR) becomes \n; a bare CR left in would end the line.
const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

// A parameter value (CN) is quoted; a quote or a control character cannot appear in it, so they are dropped.
const quoteParameter = (value: string) => `"${value.replace(/["\p{Cc}]/gu, '').trim() || '-'}"`;

const mailto = (email: string) => `mailto:${email.replace(/[\s\p{Cc}]/gu, '')}`;

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A calendar of events: a named feed (METHOD:PUBLISH, the default), or an invitation (`method`, no name). */
export function renderCalendar(name: string | null, events: IcsEvent[], method: IcsMethod = 'PUBLISH'): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Polaris//Activities//EN', 'CALSCALE:GREGORIAN'];
  lines.push(`METHOD:${method}`);
  if (name !== null) lines.push(`X-WR-CALNAME:${escapeText(name)}`);
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utc(event.updatedAt)}`,
      `DTSTART:${utc(event.startsAt)}`,
      `DTEND:${utc(event.endsAt)}`,
      `SUMMARY:${escapeText(event.title)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.status) lines.push(`STATUS:${event.status}`);
    if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
    if (event.organizer) {
      lines.push(`ORGANIZER;CN=${quoteParameter(event.organizer.name)}:${mailto(event.organizer.email)}`);
    }
    for (const attendee of event.attendees ?? []) {
      // The attendee holds a ticket: accepted already, nothing to answer.
      lines.push(
        `ATTENDEE;CN=${quoteParameter(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${mailto(attendee.email)}`,
      );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
