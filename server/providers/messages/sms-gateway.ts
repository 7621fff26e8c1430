/** Delivers one SMS; throws when the gateway refuses it (the worker retries). */
export interface SmsGateway {
  deliver(message: { to: string; body: string }): Promise<void>;
}

/**
 * The real adapter: a JSON HTTP gateway (SMS_GATEWAY_URL) taking {to, body} with a bearer token. Without it
 * SMS stay in the outbox (the sandbox), where /__dev/outbox shows them.
 */
export function createHttpSmsGateway(url: string, token: string | undefined): SmsGateway {
  return {
    async deliver({ to, body }) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
