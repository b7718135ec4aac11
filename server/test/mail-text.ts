/**
 * Reading a raw mail in tests (server suites read the SMTP outbox, e2e journeys the .eml files):
 * undo quoted-printable soft line breaks and `=3D` so that links read whole.
 */
export function readableMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

export function linkIn(mail: string): string {
  const match = mail.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in the mail');
  return match[0];
}
