// A real SMTP server on a local port (smtp-server) for the e-mail tests: every message that
// arrives is parsed with mailparser; `refuseNext` makes the next messages fail with the
// server's answer (a 421 "try later", a 550 "no such user").
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Received = { envelopeTo: string[]; raw: string; mail: ParsedMail };

export type FakeSmtp = {
  port: number;
  received: Received[];
  /** The next `times` messages are refused at the end of DATA with this answer. */
  refuseNext: (code: number, message: string, times?: number) => void;
  close: () => Promise<void>;
};

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: Received[] = [];
  let refusals: { code: number; message: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const refusal = refusals.shift();
        if (refusal) {
          const error = new Error(refusal.message) as Error & { responseCode: number };
          error.responseCode = refusal.code;
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, mail });
            callback(null, "Queued as test-1");
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    received,
    refuseNext: (code, message, times = 1) => {
      refusals = Array.from({ length: times }, () => ({ code, message }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
