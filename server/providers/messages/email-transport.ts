import nodemailer from "nodemailer";

/** Delivers one e-mail; throws when the server refuses it (the worker retries). */
export interface EmailTransport {
  deliver(message: { to: string; subject: string; body: string; html?: string | null }): Promise<void>;
  close(): void;
}

/** The real adapter: SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpTransport(smtpUrl: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async deliver({ to, subject, body, html }) {
      // attachDataUrls turns data: images in the HTML (eSIM QR codes) into inline cid: attachments.
      await transporter.sendMail({
        from,
        to,
        subject,
        text: body,
        ...(html ? { html, attachDataUrls: true } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}
