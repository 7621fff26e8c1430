import type { Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import type { RateLimiter } from "../../infra/rate-limit.ts";
import type { MessageSender } from "../../providers/messages/outbox.ts";

/** Where support messages go; the support team's inbox reads the outbox's e-mail (architecture: messages). */
export const SUPPORT_INBOX = "support@roamly.example";

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
}

/**
 * The help centre's contact form (issue 10): the message goes to the support inbox through the outbox, and the
 * shopper gets an acknowledgement in their language. Limited per IP so the form cannot be used to spam.
 */
export function createSupportDesk(deps: { outbox: MessageSender; limiter: RateLimiter; inbox?: string }) {
  return {
    async send(input: SupportMessage, client: { ip: string; locale: Locale; customerId: string | null }) {
      await deps.limiter.hit("supportMessageIp", client.ip);
      await deps.outbox.send({
        channel: "EMAIL",
        to: deps.inbox ?? SUPPORT_INBOX,
        subject: `[${input.topic}] ${input.orderCode ?? "-"} from ${input.email}`,
        body: [
          `From: ${input.email}`,
          `Customer: ${client.customerId ?? "visitor"}`,
          `Language: ${client.locale}`,
          `Topic: ${input.topic}`,
          `Order: ${input.orderCode ?? "-"}`,
          "",
          input.message,
        ].join("\n"),
      });
      await deps.outbox.send({
        channel: "EMAIL",
        to: input.email,
        subject: translate(client.locale, "help.support.ackSubject"),
        body: translate(client.locale, "help.support.ackBody", { message: input.message }),
      });
      return { message: translate(client.locale, "help.support.sent") };
    },
  };
}

export type SupportDesk = ReturnType<typeof createSupportDesk>;
