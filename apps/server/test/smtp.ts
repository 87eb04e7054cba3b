import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports';

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL is set to. */
  url: string;
  /** Every message the server accepted, parsed (mailparser), in the order they arrived. */
  received: ParsedMail[];
  /** Answer the next `count` messages with `451 try again later` (a temporary failure). */
  refuseNext(count: number): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server inside the test (wider-portal.md §2: delivery is proven against one): smtp-server on a free
 * loopback port, no TLS, no authentication; each accepted message is parsed with mailparser. `delayMs` holds each
 * message before answering, so that two senders overlap.
 */
export async function startTestSmtpServer(options: { delayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const refuse = refusals > 0;
      if (refuse) refusals -= 1;
      simpleParser(stream).then(
        async (mail) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          if (refuse) {
            callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
            return;
          }
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
