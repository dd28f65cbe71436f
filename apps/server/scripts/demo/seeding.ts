import { createHash } from 'node:crypto';
import { Status } from '@polaris/contract';
import type { AppServices } from '../../src/app.ts';
import { AppError } from '../../src/platform/errors.ts';
import type { SessionUser } from '../../src/platform/session.ts';
import { zonedDate, zonedMidnight } from '../../src/platform/zoned-time.ts';
import type { PersonKey } from './content.ts';

export const DAY_MS = 86_400_000;

/** The services' clock: `set(null)` is the real time; a date moves every service to that moment. */
export interface DemoClock {
  set(at: Date | null): void;
}

/** What one run has created, by kind; all zero on a run that found everything there. */
export interface Created {
  people: number;
  deposits: number;
  transfers: number;
  activities: number;
  covers: number;
  registrations: number;
  approvals: number;
  checkIns: number;
  settled: number;
  released: number;
  calendarEntries: number;
}

/** A demo person as the services take them: the session user they act for, with their transaction password. */
export interface Person extends SessionUser {
  key: PersonKey;
  name: string;
  trade: string;
}

/** One run of the seed: the services, their clock, the real present, and the counts it keeps. */
export interface Seeding {
  services: AppServices;
  clock: DemoClock;
  now: Date;
  created: Created;
  log(line: string): void;
  person(key: PersonKey): Person;
}

/** A local time on a day counted from today in a zone, as an instant. */
export function localTime(now: Date, timeZone: string, day: number, at: string, hours = 0): Date {
  const today = zonedDate(now, timeZone);
  const [hour, minute] = at.split(':').map(Number) as [number, number];
  const midnight = zonedMidnight(today.year, today.month, today.day + day, timeZone);
  return new Date(midnight.getTime() + (hour * 60 + minute) * 60_000 + hours * 3_600_000);
}

/** Stable keys and hashes, so a second run is recognised by the services' own idempotency. */
export const stableHex = (text: string) => createHash('sha256').update(`polaris-demo:${text}`).digest('hex');

export const isConflict = (error: unknown) => error instanceof AppError && error.status === Status.conflict;
