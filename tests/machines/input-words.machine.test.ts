import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { listQueryMachine, startingQuery, type ListQuery } from '../../src/machines/list-query.machine';
import type { Paged } from '../../src/domain/paging';
import {
  EMPTY_SIGNUP_FORM,
  signupFieldErrors,
  signupNameLengthError,
  signupSubmitError,
} from '../../src/domain/signup-checks';
import { issuesByPath } from '../../src/domain/schemas/labels';
import { BrandConfigBody } from '../../src/domain/schemas/brand';
import * as v from 'valibot';

describe('a list opened from an edited or stale URL', () => {
  it('falls back to the default sort when ?sort= names a column the list does not sort by', () => {
    const input = {
      sortBy: 'buyer',
      sortOrder: 'UP' as never,
      sortKeys: ['createdAt', 'total'],
      defaultSortBy: 'createdAt',
      defaultSortOrder: 'DESC' as const,
    };
    expect(startingQuery(input)).toEqual({
      pageNumber: 0,
      recordsPerPage: 10,
      searchPattern: '',
      sortBy: 'createdAt',
      sortOrder: 'DESC',
    });
    expect(startingQuery({ ...input, sortBy: 'total', sortOrder: 'ASC' })).toMatchObject({
      sortBy: 'total',
      sortOrder: 'ASC',
    });
    expect(startingQuery({ ...input, sortBy: 'total', pageNumber: -3, recordsPerPage: Number.NaN })).toMatchObject({
      pageNumber: 0,
      recordsPerPage: 10,
    });
  });

  it('asks the server for the default sort, not the bad one', async () => {
    const asked: string[] = [];
    const machine = listQueryMachine.provide({
      actors: {
        fetchPage: fromPromise<Paged<unknown>, ListQuery>(
          async ({ input }) => (
            asked.push(input.sortBy),
            { items: [], total: 0, pageNumber: 0, recordsPerPage: 10 } as unknown as Paged<unknown>
          ),
        ),
      },
    });
    const actor = createActor(machine, {
      input: { sortBy: 'nonsense', sortKeys: ['createdAt'], defaultSortBy: 'createdAt' },
    }).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual(['createdAt']);
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });
});

describe('sign-up names', () => {
  const form = { ...EMPTY_SIGNUP_FORM, firstName: 'x'.repeat(300), lastName: 'Rao', companyName: 'Rao Traders' };
  it('refuses a 300-character first name at the first step, under the field and before any OTP', () => {
    expect(signupNameLengthError(form)).toBe('First name must be at most 50 characters');
    expect(signupFieldErrors(form).firstName).toBe('First name must be at most 50 characters');
    expect(signupSubmitError(form, { phoneVerified: true, emailVerified: true })).toBe(
      'First name must be at most 50 characters',
    );
    expect(signupNameLengthError({ ...form, firstName: 'Asha' })).toBeNull();
  });
});

describe('the brand editor', () => {
  it("gets every error at once, each keyed by the field it belongs to, in the seller's words", () => {
    const result = v.safeParse(BrandConfigBody, {
      ...v.getDefaults(BrandConfigBody),
      supportEmail: 'not-an-email',
      footerConfig: {
        ...(v.getDefaults(BrandConfigBody) as { footerConfig: object }).footerConfig,
        instagramUrl: 'javascript:alert(1)',
      },
    });
    expect(result.success).toBe(false);
    const byPath = issuesByPath(result.issues ?? []);
    expect(byPath.supportEmail).toBe('Support email: This email is invalid');
    expect(byPath['footerConfig.instagramUrl']).toMatch(/^Instagram link must be/);
  });
});
