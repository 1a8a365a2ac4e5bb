// The functions' mailer (no Deno, no network): Resend or SMTP, whichever is configured, and Resend's
// timeouts and refusals.
import { describe, expect, it } from 'vitest';
import {
  createMailer,
  createResendMailer,
  MailSendError,
} from '../../supabase/functions/_shared/mailer.ts';

describe('mailer selection', () => {
  it('mails through Resend or SMTP, whichever is configured, else through nothing', () => {
    const smtp = () => ({ kind: 'smtp', send: async () => {} });
    expect(createMailer({ RESEND_API_KEY: 're_x', SMTP_URL: 'smtp://h:1' }, { smtp })?.kind).toBe(
      'resend',
    );
    expect(createMailer({ SMTP_URL: 'smtp://h:1' }, { smtp })?.kind).toBe('smtp');
    expect(createMailer({}, { smtp })).toBeNull();
  });

  it('gives up on a Resend API that does not answer within the timeout', async () => {
    const hanging = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal.addEventListener('abort', () => reject(init.signal.reason)),
      );
    const mailer = createResendMailer('re_test', hanging, 'http://resend.test/emails', 50);
    await expect(
      mailer.send({
        from: 'a@b.c',
        to: 'd@e.f',
        replyTo: 'g@h.i',
        subject: 's',
        html: '',
        text: '',
      }),
    ).rejects.toThrow(MailSendError);
  });

  it('posts the Resend API shape with the key, reply_to and idempotency key', async () => {
    const calls = [];
    const fakeFetch = async (url, init) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ id: 'x' }), { status: 200 });
    };
    await createResendMailer('re_test', fakeFetch).send({
      from: 'a@b.c',
      to: 'd@e.f',
      replyTo: 'g@h.i',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
      idempotencyKey: 'contact-1',
    });
    expect(calls[0].url).toBe('https://api.resend.com/emails');
    expect(calls[0].init.headers.Authorization).toBe('Bearer re_test');
    expect(calls[0].init.headers['Idempotency-Key']).toBe('contact-1');
    expect(JSON.parse(calls[0].init.body)).toEqual({
      from: 'a@b.c',
      to: ['d@e.f'],
      reply_to: 'g@h.i',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
    });
  });

  it('turns a Resend error status into MailSendError', async () => {
    const fakeFetch = async () => new Response('{"message":"invalid key"}', { status: 401 });
    await expect(
      createResendMailer('re_bad', fakeFetch).send({
        from: 'a',
        to: 'b',
        replyTo: 'c',
        subject: 's',
        html: 'h',
        text: 't',
      }),
    ).rejects.toThrow(/401/);
  });
});
