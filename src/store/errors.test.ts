import { describe, expect, it } from 'vitest';
import { databaseFault, isDatabaseUnavailable, isUniqueViolation } from './errors.ts';

/** Error shapes as Prisma 7 with the pg adapter and the pg driver produce them (seen in test/int/postgres-faults.test.ts). */
const stoppedRaw = { code: 'P2010', meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5 } } } };
const stoppedModel = { code: 'P1001', meta: { modelName: 'Game', driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } } };
const shutDown = { code: 'P2010', meta: { code: '57P01', driverAdapterError: { cause: { kind: 'postgres', originalCode: '57P01' } } } };
const duplicate = { code: 'P2010', meta: { code: '23505', driverAdapterError: { cause: { originalCode: '23505', kind: 'UniqueConstraintViolation' } } } };

describe('database faults', () => {
  it('GIVEN a stopped server (P2010 or P1001 with DatabaseNotReachable) WHEN classified THEN it is refused, not a generic error', () => {
    expect(databaseFault(stoppedRaw)).toBe('refused');
    expect(databaseFault(stoppedModel)).toBe('refused');
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('refused');
    expect(databaseFault(new Error('timeout expired'))).toBe('refused');
  });

  it('GIVEN a link that broke or a statement limit that ran out WHEN classified THEN it is broken (the write may have left)', () => {
    expect(databaseFault(shutDown)).toBe('broken');
    expect(databaseFault(new Error('Connection terminated unexpectedly'))).toBe('broken');
    expect(databaseFault(new Error('Query read timeout'))).toBe('broken');
    expect(databaseFault({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '57014' } } } })).toBe('broken');
  });

  it('GIVEN a unique violation, a bug or a non-error WHEN classified THEN it is other, and unique violations stay recognised', () => {
    expect(databaseFault(duplicate)).toBe('other');
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(databaseFault(new TypeError('x is undefined'))).toBe('other');
    expect(databaseFault(null)).toBe('other');
    expect(databaseFault('Connection terminated')).toBe('other');
    expect(isDatabaseUnavailable(stoppedRaw)).toBe(true);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
  });
});
