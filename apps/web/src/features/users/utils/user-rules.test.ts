import { AppError, parseDateInput } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import {
  accessEndWindow,
  changeFailureBodyId,
  inviteServerErrors,
  toInviteRequest,
  validateAccessEnd,
  validateEmail,
  validateName,
} from './user-rules';

const parse = (text: string) => parseDateInput(text, 'en');

describe('the invite and access rules', () => {
  it.each([
    ['', 'users.invite.email.required'],
    ['not an address', 'users.invite.email.invalid'],
    ['4111 1111 1111 1111', 'text.cardNumberRefused'],
  ])('refuses the e-mail %j with %s', (text, message) => {
    expect(validateEmail(text)).toEqual({ ok: false, message });
  });

  it('takes an address, whatever its case', () => {
    expect(validateEmail(' Jo@Harbor.example ')).toEqual({ ok: true });
  });

  it('wants names of 1-50 characters without a card number', () => {
    expect(validateName(' ', 'first')).toEqual({ ok: false, message: 'users.invite.firstName.required' });
    expect(validateName('a'.repeat(51), 'last')).toEqual({
      ok: false,
      message: 'users.invite.name.tooLong',
      values: { max: 50 },
    });
    expect(validateName('4111111111111111', 'last')).toEqual({ ok: false, message: 'text.cardNumberRefused' });
    expect(validateName('Ortiz', 'last')).toEqual({ ok: true });
  });

  it('takes an end of access from tomorrow to 366 days ahead, or none', () => {
    const today = '2026-11-21';
    expect(accessEndWindow(today)).toEqual({ first: '2026-11-22', last: '2027-11-22' });
    expect(validateAccessEnd('', parse, today)).toEqual({ ok: true });
    expect(validateAccessEnd('11/22/26', parse, today)).toEqual({ ok: true });
    expect(validateAccessEnd('11/22/27', parse, today)).toEqual({ ok: true });
    for (const text of ['11/21/26', '11/23/27']) {
      expect(validateAccessEnd(text, parse, today)).toEqual({
        ok: false,
        message: 'users.accessEnd.range',
        values: { earliest: '2026-11-22', latest: '2027-11-22' },
      });
    }
    expect(validateAccessEnd('02/30/27', parse, today)).toEqual({ ok: false, message: 'users.accessEnd.invalid' });
  });

  it('sends the trimmed values, the address in lower case, and no end of access when none was typed', () => {
    const values = {
      email: ' Jo@Harbor.example',
      firstName: ' Jo ',
      lastName: 'Bell',
      role: 'BILLING' as const,
      accessEndsOn: '',
      language: 'es' as const,
    };
    expect(toInviteRequest(values, parse)).toEqual({
      email: 'jo@harbor.example',
      firstName: 'Jo',
      lastName: 'Bell',
      role: 'BILLING',
      language: 'es',
    });
    expect(toInviteRequest({ ...values, accessEndsOn: '12/31/26' }, parse).accessEndsOn).toBe('2026-12-31');
  });
});

describe('the server’s answers in words', () => {
  it('puts ALREADY_MEMBER on the e-mail and VALIDATION_FAILED fields on theirs', () => {
    expect(inviteServerErrors(new AppError('ALREADY_MEMBER', 'x'))).toEqual({
      email: { message: 'users.invite.alreadyMember' },
    });
    const failed = new AppError('VALIDATION_FAILED', 'x', {
      fields: [
        { path: 'body.firstName', code: 'text.cardNumberRefused' },
        { path: 'body.email', code: 'invalid_format' },
      ],
    });
    expect(inviteServerErrors(failed)).toEqual({
      firstName: { message: 'text.cardNumberRefused' },
      email: { message: 'users.invite.email.invalid' },
    });
  });

  it.each([
    [new AppError('USER_PROTECTED', 'x', { details: { reason: 'self' } }), 'users.errors.protected.self'],
    [new AppError('USER_PROTECTED', 'x', { details: { reason: 'primary' } }), 'users.errors.protected.primary'],
    [new AppError('PRIMARY_TRANSFER_INVALID', 'x'), 'users.errors.transferInvalid'],
    [new AppError('STEP_UP_REQUIRED', 'x'), 'session.stepUp.required'],
    [new AppError('NOT_FOUND', 'x'), 'users.errors.notFound'],
    [new AppError('FORBIDDEN', 'x'), 'users.errors.forbidden'],
    [new AppError('INTERNAL', 'x'), 'users.errors.change.body'],
  ])('says why a change failed (%s)', (error, message) => {
    expect(changeFailureBodyId(error)).toBe(message);
  });
});
