import { SMTPServer } from 'smtp-server';

/** A message the in-process SMTP server took: its recipients (comma-joined) and the raw message. */
export interface ReceivedMail {
  to: string;
  raw: string;
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL or createMailer. */
  url: string;
  /** What it took, in order. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port of 127.0.0.1 for the tests that send mail. `refuse` answers,
 * per recipient, the SMTP reply code to refuse it with (e.g. 450 for a try-later, 550 for a
 * permanent refusal), or null to take it; it is read at each recipient, so a test may change it.
 */
export async function startTestSmtp(refuse: (address: string) => number | null = () => null): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const code = refuse(address.address);
      cb(code === null ? undefined : Object.assign(new Error('Mailbox unavailable'), { responseCode: code }));
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
