import type { Locale } from "../../../core/constants.ts";
import { escapeHtml } from "../../../core/html-escape.ts";
import { translate } from "../../../core/i18n/index.ts";
import { UPLOAD_RULES } from "../../../core/uploads.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import type { RateLimiter } from "../../infra/rate-limit.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";
import type { UploadService } from "../uploads/service.ts";

/** Where support messages go; the support team's inbox reads the outbox's e-mail (architecture: messages). */
export const SUPPORT_INBOX = "support@roamly.example";

/** spec 5 maxNumber for the support form: at most this many attachments on one message. */
export const SUPPORT_MAX_ATTACHMENTS = UPLOAD_RULES.support.maxFiles;

export const SUPPORT_TOPICS = [
  "buying",
  "installing",
  "abroad",
  "topups",
  "refunds",
  "account",
  "other",
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export interface SupportMessage {
  email: string;
  topic: SupportTopic;
  orderCode?: string;
  message: string;
  /** mediaUrls of the shopper's pending uploads (issue 10: the form's optional attachment). */
  attachments?: string[];
}

/**
 * The help centre's contact form (issue 10): the message goes to the support inbox through the outbox, and the
 * shopper gets an acknowledgement in their language. Limited per IP so the form cannot be used to spam.
 * Attachments need a signed-in shopper (uploads are theirs): they are claimed in the same transaction as the
 * e-mails, and images travel inline in the inbox's copy (ADR 0211).
 */
export function createSupportDesk(deps: {
  db: Database;
  outbox: MessageSender;
  limiter: RateLimiter;
  uploads: Pick<UploadService, "claim" | "read">;
  inbox?: string;
}) {
  return {
    async send(input: SupportMessage, client: { ip: string; locale: Locale; customerId: string | null }) {
      const attachments = input.attachments ?? [];
      if (attachments.length > 0 && !client.customerId) throw new ApiError(401, "error.unauthorized");
      await deps.limiter.hit("supportMessageIp", client.ip);
      const text = [
        `From: ${input.email}`,
        `Customer: ${client.customerId ?? "visitor"}`,
        `Language: ${client.locale}`,
        `Topic: ${input.topic}`,
        `Order: ${input.orderCode ?? "-"}`,
      ];
      await deps.db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        const files = client.customerId
          ? await deps.uploads.claim(client.customerId, attachments, "support", executor)
          : [];
        const inline: string[] = [];
        for (const file of files) {
          text.push(
            `Attachment: ${file.fileName} (${file.contentType}, ${file.byteSize} bytes, id ${file.id})`,
          );
          const bytes = await deps.uploads.read(file);
          if (bytes && file.kind === "image")
            inline.push(
              `<p>${escapeHtml(file.fileName)}<br><img alt="${escapeHtml(file.fileName)}" src="data:${file.contentType};base64,${bytes.toString("base64")}"></p>`,
            );
        }
        const body = [...text, "", input.message].join("\n");
        await deps.outbox.send(
          {
            channel: "EMAIL",
            to: deps.inbox ?? SUPPORT_INBOX,
            subject: `[${input.topic}] ${input.orderCode ?? "-"} from ${input.email}`,
            body,
            html: inline.length > 0 ? `<pre>${escapeHtml(body)}</pre>${inline.join("")}` : undefined,
          },
          executor,
        );
        await deps.outbox.send(
          {
            channel: "EMAIL",
            to: input.email,
            subject: translate(client.locale, "help.support.ackSubject"),
            body: translate(client.locale, "help.support.ackBody", { message: input.message }),
          },
          executor,
        );
      });
      return { message: translate(client.locale, "help.support.sent") };
    },
  };
}

export type SupportDesk = ReturnType<typeof createSupportDesk>;
