import type { Database } from "../../../db/client.ts";
import type { NotificationKind } from "../../../db/schema/index.ts";

/** What the order and eSIM services need from the notification centre (ADR 0204). */
export interface NotificationRecorder {
  record(
    input: {
      customerId: string | null;
      kind: NotificationKind;
      params: Record<string, string>;
      link?: string | null;
      eventKey: string;
    },
    executor?: Database,
  ): Promise<void>;
  emailWanted(customerId: string | null, kind: NotificationKind, executor?: Database): Promise<boolean>;
}
