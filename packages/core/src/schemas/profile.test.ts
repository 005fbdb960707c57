import { describe, expect, test } from 'vitest';
import { messages } from '../messages';
import { UpdateProfile } from './profile';
import { CreateFirstAccount } from './session';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('profile and account fields (core §5)', () => {
  test('emails are trimmed and lower-cased', () => {
    expect(UpdateProfile.parse({ name: ' Sam ', email: '  Sam@Example.COM ' })).toEqual({
      name: 'Sam',
      email: 'sam@example.com',
      password: undefined,
    });
  });

  test.each([
    [{ name: '', email: 'a@b.co' }, messages.nameRequired],
    [{ name: 'A', email: '' }, messages.emailRequired],
    [{ name: 'A', email: 'a@b' }, messages.invalidEmail],
    [{ name: 'A', email: 'a b@c.de' }, messages.invalidEmail],
    [{ name: 'A', email: 'a@b.co', password: '12345' }, messages.passwordTooShort],
  ])('%j is refused with "%s"', (input, message) => {
    expect(firstMessage(UpdateProfile.safeParse(input))).toBe(message);
  });

  test('a blank password means "keep the current one"; 6 characters is enough', () => {
    expect(UpdateProfile.parse({ name: 'A', email: 'a@b.co', password: '' }).password).toBeUndefined();
    expect(UpdateProfile.parse({ name: 'A', email: 'a@b.co', password: '123456' }).password).toBe('123456');
  });

  test('the first account needs a password', () => {
    expect(firstMessage(CreateFirstAccount.safeParse({ name: 'A', email: 'a@b.co', password: '' }))).toBe(
      messages.passwordRequired,
    );
  });
});
